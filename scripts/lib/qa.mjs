/** Answer-text hit rates for the QA evaluation: is any accepted answer inside the top passages? */

const normalise = (text) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** True when one of `answers` occurs (case-insensitive, whitespace-folded) in one of `passages`. */
export function containsAnswer(passages, answers) {
  const wanted = answers.map(normalise).filter(Boolean);
  return passages.some((passage) => {
    const text = normalise(passage);
    return wanted.some((answer) => text.includes(answer));
  });
}

/**
 * Shares of questions (results[i] answers answers[i]) whose answer is in the top 1/3/5
 * propositions, in the top 3 sections and in the extractive answer the panel shows (beside the top
 * 3 propositions, its ceiling), rounded to 4 digits.
 */
export function answerShares(results, answers) {
  const share = (pick) =>
    +(results.filter((r, i) => containsAnswer(pick(r), answers[i])).length / Math.max(1, results.length)).toFixed(4);
  return {
    top1_proposition: share((r) => r.propositions.slice(0, 1)),
    top3_propositions: share((r) => r.propositions.slice(0, 3)),
    top5_propositions: share((r) => r.propositions.slice(0, 5)),
    top3_sections: share((r) => r.sectionTexts.slice(0, 3)),
    extractive_answer: share((r) => [r.answer]),
  };
}
