/**
 * BM25 (k1 1.2, b 0.85) over an inverted index that supports adding and removing documents without
 * a rebuild. An optional boost field (title, heading path) counts its terms twice.
 *
 * Internally every id gets a slot number and every term a term number, so postings are arrays of
 * small integers and scoring accumulates into one Float64Array: at 100,000 propositions a common
 * query term touches tens of thousands of postings, and string-keyed maps were the slow part.
 */
import { analyze, compoundParts, compoundsHolding, type QueryWord } from '../../common/text/analyzer';
import { decodeSnapshot, encodeSnapshot, type Bm25Snapshot } from './bm25-snapshot';
import { IdSlots } from './id-slots';
import type { IdNumbers } from './row-store';
import { TopK } from './top-k';
import {
  accumulate,
  appendPosting,
  EMPTY_POSTING,
  idf,
  newPosting,
  slotNorms,
  standInWeight,
  termScore,
  termWeights,
  type ForwardIndex,
  type Posting,
  type RelatedTerms,
  type TermWeights,
} from './bm25-postings';
import { appendForward, emptyForward, forwardFromPostings, slotTerms } from './bm25-forward';
import { scoreSlots, scratchFor, TermBounds, topMatches, type Scratch } from './bm25-top';
import { TermAffixes } from './term-affixes';

export type { RelatedTerms };

export type { Bm25Snapshot };

/**
 * A query: text, analysed as English (as every query was before languages were told apart), or a
 * question already read in its languages (`analyzeQuery`), each word's terms in every language.
 */
export type Bm25Query = string | readonly QueryWord[];

export interface Scored {
  id: string;
  score: number;
}

const BOOST = 2;

/**
 * What a German compound of the library that holds a question's word as a part ("Fehlerberichte"
 * for "Fehler") scores, as a share of what the word itself would: as much, never more (its own idf,
 * a rarer term's, is capped at the word's). Measured on the development sets at 0.3, 0.5, 0.8 and 1
 * (docs/languages.md, "Compounds in the documents").
 */
export const COMPOUND_SHARE = 1;

export class Bm25Index {
  private ids: (string | null)[] = [];
  /** Id → slot, read through `ids` (id-slots.ts): no Map of every id. */
  private slotOf = new IdSlots(this.ids);
  private lengths: number[] = [];
  /** Null in a restored index until something needs it (scoring given ids reads the postings meanwhile). */
  private forward: ForwardIndex | null = emptyForward();
  private freeSlots: number[] = [];
  private termNumbers = new Map<string, number>();
  private vocabulary: string[] = [];
  /** The vocabulary by how terms begin and end, made when a German question first asks (term-affixes.ts). */
  private affixes: TermAffixes | null = null;
  /** The compounds found for a question, while the index is as it was: a search asks several times. */
  private compoundsFound = new WeakMap<readonly QueryWord[], { changes: number; found: RelatedTerms | null }>();
  private postings: Posting[] = [];
  private totalLength = 0;
  /** Scores while a query is summed; `best` each slot's best within one group of query terms. */
  private scratch: Scratch = { scores: new Float64Array(0), best: new Float64Array(0), marks: new Uint8Array(0) };
  private version = 0;
  /** Length normalisations and term bounds of the index as it is (remade after a change). */
  private norms: { changes: number; norms: Float64Array } | null = null;
  /** Each term's bound for the pruned top k (bm25-top.ts). */
  private bounds = new TermBounds();

  get size(): number {
    return this.slotOf.size;
  }

  /** Indexes `text` (and `boostText`, counted `boost` times) as `lang` reads them (ISO 639-1; English without). */
  add(id: string, text: string, boostText = '', boost = BOOST, lang?: string): void {
    const counts = new Map<string, number>();
    for (const term of analyze(text, lang)) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const term of analyze(boostText, lang)) counts.set(term, (counts.get(term) ?? 0) + boost);
    // In term-number order, as a restored index has them, so both sum a score in the same order.
    const numbered = [...counts].map(([term, tf]) => [this.termNumber(term), tf] as const).sort((a, b) => a[0] - b[0]);
    this.addTerms(
      id,
      Uint32Array.from(numbered, ([term]) => term),
      Uint32Array.from(numbered, ([, tf]) => tf),
    );
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.version++;
    const { terms } = slotTerms(this.forwardIndex(), slot);
    for (const term of terms) {
      const posting = this.postings[term]!;
      const at = posting.slots.subarray(0, posting.length).indexOf(slot);
      const last = --posting.length;
      posting.slots[at] = posting.slots[last]!;
      posting.tfs[at] = posting.tfs[last]!;
    }
    this.totalLength -= this.lengths[slot]!;
    this.slotOf.delete(id);
    this.ids[slot] = null;
    this.lengths[slot] = 0;
    this.forwardIndex().counts[slot] = 0;
    this.freeSlots.push(slot);
  }

  /** The terms some id has (a removed id's terms may stay in the vocabulary with no postings). */
  terms(): string[] {
    return this.vocabulary.filter((_, number) => this.postings[number]!.length > 0);
  }

  /** BM25 scores of every document containing a query term (optionally only those `filter` keeps). */
  scoreAll(query: Bm25Query, filter?: (id: string) => boolean, related?: RelatedTerms): Map<string, number> {
    const scores = new Map<string, number>();
    this.forEachMatch(query, related, (slot, score) => {
      if (!filter || filter(this.ids[slot]!)) scores.set(this.ids[slot]!, score);
    });
    return scores;
  }

  /** BM25 scores of the given ids (those without a query term are left out). */
  scoreIds(query: Bm25Query, ids: Iterable<string>, related?: RelatedTerms): Map<string, number> {
    const scores = new Map<string, number>();
    const asked = this.termWeights(query, related);
    const { weights, groups } = asked;
    if (weights.size === 0) return scores;
    if (!this.forward) {
      // Just restored: the query terms' postings read for these slots alone, rather than building every id's term list first.
      const slots = [...ids].flatMap((id) => this.slotOf.get(id) ?? []);
      const { norms } = this.scoring();
      const summed = scoreSlots(asked, this.postings, norms, this.scratch, slots);
      for (const slot of slots) {
        if (summed[slot]! > 0) scores.set(this.ids[slot]!, summed[slot]!);
        summed[slot] = 0;
      }
      return scores;
    }
    const norms = this.slotNorms();
    const best = new Float64Array(groups.length);
    // Read straight from the forward arrays: no views made per id on this hot path.
    const { starts, counts, terms, tfs } = this.forward;
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      const norm = norms[slot]!;
      let matched = false;
      for (let i = starts[slot]!, end = i + counts[slot]!; i < end; i++) {
        const term = weights.get(terms[i]!);
        if (term === undefined) continue;
        best[term.group] = Math.max(best[term.group]!, termScore(term.weight, tfs[i]!, norm));
        matched = true;
      }
      if (!matched) continue;
      // Group by group, as `accumulate` sums them: both ways of scoring give the same number.
      let score = 0;
      for (let g = 0; g < best.length; g++) {
        if (best[g]! > 0) score += best[g]!;
        best[g] = 0;
      }
      scores.set(id, score);
    }
    return scores;
  }

  /**
   * What a document matching every query term once, at average length, would score: the yardstick
   * for how much of a query a hit covers. Terms the index has never seen count at the highest idf,
   * unless a stand-in (a translation) is held: a word read in several languages counts once, by
   * the reading a match would score; a word some language takes for a stop word, only if held.
   */
  maxScore(query: Bm25Query, standIns?: RelatedTerms): number {
    const n = this.size;
    if (n === 0) return 0;
    let total = 0;
    for (const { terms, optional } of this.queryGroups(query)) {
      const known = terms.map((term) => this.df(term)).filter((df) => df > 0);
      if (known.length === 0 && optional) continue;
      const standIn = known.length || !standIns ? 0 : standInWeight(terms, standIns, n, (term) => this.df(term));
      total += standIn || idf(n, known.length ? Math.min(...known) : 0);
    }
    return total;
  }

  /** Whether any id has `term`. */
  holds(term: string): boolean {
    return this.df(term) > 0;
  }

  /** How many ids have `term`. */
  private df(term: string): number {
    const number = this.termNumbers.get(term);
    return number === undefined ? 0 : this.postings[number]!.length;
  }

  /**
   * A query's terms as groups that count once each: a word's readings in its languages, or, for a
   * German compound the index does not hold, each of its parts the index does hold.
   */
  private queryGroups(query: Bm25Query): { terms: string[]; optional?: boolean }[] {
    if (typeof query === 'string') return [...new Set(analyze(query))].map((term) => ({ terms: [term] }));
    const groups: { terms: string[]; optional?: boolean }[] = [];
    for (const { terms, compound, optional } of query) {
      const parts =
        compound && terms.every((term) => this.df(term) === 0)
          ? compoundParts(compound, (term) => this.df(term) > 0)
          : null;
      if (parts) for (const part of parts) groups.push({ terms: [part] });
      else groups.push({ terms, optional });
    }
    return groups;
  }

  /**
   * The k best documents for `query` (optionally only those `filter` keeps), best first; of equal
   * scores the one indexed first. Without a filter the common words' postings are mostly skipped
   * (bm25-top.ts); `prune` false scores every match, as the tests compare.
   */
  search(
    query: Bm25Query,
    k: number,
    filter?: (id: string) => boolean,
    related?: RelatedTerms,
    prune = true,
  ): Scored[] {
    const asked = this.termWeights(query, related);
    if (asked.weights.size === 0) return [];
    const named = ({ row, score }: { row: number; score: number }) => ({ id: this.ids[row]!, score });
    if (!filter && prune) {
      return topMatches(asked, this.postings, this.scoring(), k, this.scratch).map(named);
    }
    const touched = this.accumulate(asked);
    const best = new TopK(k);
    const summed = this.scratch.scores;
    for (const slot of touched) {
      const score = summed[slot]!;
      summed[slot] = 0;
      if (filter && !filter(this.ids[slot]!)) continue;
      best.push(slot, score);
    }
    return best.sorted().map(named);
  }

  /** The k best groups of slots (`ofSlot[slot]`, -1: none; `count` of them) by their best slot, best first. */
  topGroups(query: Bm25Query, k: number, ofSlot: Int32Array, count: number, related?: RelatedTerms) {
    const asked = this.termWeights(query, related);
    if (asked.weights.size === 0) return [];
    const grouping = { ofSlot, best: new Float64Array(count) };
    return topMatches(asked, this.postings, this.scoring(), k, this.scratch, undefined, grouping);
  }

  /** Counts adds and removals: what was made from the slots before a change is stale after it. */
  get changes(): number {
    return this.version;
  }

  /** The slot of `id`, while the index holds it. */
  slotOfId(id: string): number | undefined {
    return this.slotOf.get(id);
  }

  /** The slots as numbers of the ids, for a vector store that finds its rows through them (RowStore). */
  get idNumbers(): IdNumbers {
    const numberOf = (id: string) => this.slotOf.get(id);
    return { numberOf, idOf: (n) => this.ids[n], count: () => this.ids.length, changes: () => this.version };
  }

  /** Each slot's id (null: a free slot); slots are what `forEachMatch` reports. */
  get slotIds(): readonly (string | null)[] {
    return this.ids;
  }

  /** Calls `visit` with each slot that matches the query and its BM25 score, as `bestOfSlotGroups` reads them. */
  forEachMatch(
    query: Bm25Query,
    related: RelatedTerms | undefined,
    visit: (slot: number, score: number) => void,
  ): void {
    const touched = this.accumulate(this.termWeights(query, related));
    const summed = this.scratch.scores;
    for (const slot of touched) {
      const score = summed[slot]!;
      summed[slot] = 0;
      visit(slot, score);
    }
  }

  /**
   * The whole index as a few flat arrays (bm25-snapshot.ts); `fromSnapshot` rebuilds it without
   * analysing any text. Given `order` (every id of the index), the ids are in that order and left
   * out of the snapshot; given `vocabulary` (every term with postings, among others), terms are
   * numbered by their place in it and it is left out too.
   */
  toSnapshot(order?: readonly string[], vocabulary?: readonly string[]): Bm25Snapshot {
    const ids = order ? [...order] : this.ids.filter((id): id is string => id !== null);
    if (ids.length !== this.size || ids.some((id) => !this.slotOf.has(id)))
      throw new Error('a BM25 snapshot order must list every id of the index once');
    const postings = vocabulary
      ? vocabulary.map((term) => this.postings[this.termNumbers.get(term) ?? -1] ?? EMPTY_POSTING)
      : this.postings;
    const withPostings = this.postings.reduce((sum, posting) => sum + posting.length, 0);
    if (postings.reduce((sum, posting) => sum + posting.length, 0) !== withPostings)
      throw new Error('a BM25 snapshot vocabulary must hold every term with postings');
    // Slots are renumbered densely (removals leave holes): newSlot[slot] is a slot's place in `ids`.
    const newSlot = new Uint32Array(this.ids.length);
    ids.forEach((id, i) => (newSlot[this.slotOf.get(id)!] = i));
    const encoded = encodeSnapshot(
      ids.map((id) => this.lengths[this.slotOf.get(id)!]!),
      postings,
      newSlot,
    );
    return { ...(order ? {} : { ids }), ...(vocabulary ? {} : { vocabulary: [...this.vocabulary] }), ...encoded };
  }

  /** Rebuilds an index from `toSnapshot`'s arrays: postings are views into the decoded slots. */
  static fromSnapshot(
    snapshot: Bm25Snapshot,
    ids = snapshot.ids ?? [],
    vocabulary = snapshot.vocabulary ?? [],
  ): Bm25Index {
    const index = new Bm25Index();
    const { lengths, postings } = decodeSnapshot(snapshot, ids.length, vocabulary.length);
    index.vocabulary = [...vocabulary];
    index.vocabulary.forEach((term, number) => index.termNumbers.set(term, number));
    index.postings = postings;
    // Whole arrays at once, not grown a slot at a time (a million slots at each start at 1M propositions).
    index.ids = ids.slice();
    index.lengths = Array.from(lengths);
    index.slotOf = IdSlots.of(index.ids);
    for (const length of lengths) index.totalLength += length;
    // Each id's term list is made when first needed (an add or a removal), not at start-up.
    index.forward = null;
    return index;
  }

  private termNumber(term: string): number {
    let number = this.termNumbers.get(term);
    if (number === undefined) {
      number = this.vocabulary.length;
      this.termNumbers.set(term, number);
      this.vocabulary.push(term);
      this.postings.push(newPosting());
    }
    return number;
  }

  private addTerms(
    id: string,
    terms: Uint32Array,
    tfs: Uint32Array,
    length = tfs.reduce((sum, tf) => sum + tf, 0),
  ): void {
    this.remove(id);
    this.version++;
    const slot = this.freeSlots.pop() ?? this.ids.length;
    this.ids[slot] = id;
    this.slotOf.set(id, slot);
    this.lengths[slot] = length;
    appendForward(this.forwardIndex(), slot, terms, tfs);
    terms.forEach((term, i) => {
      const posting = this.postings[term]!;
      appendPosting(posting, slot, tfs[i]!);
      this.bounds.note(term, tfs[i]!, length, posting.length === 1);
    });
    this.totalLength += length;
  }

  /** Every slot's term list, made from the postings when the index was restored. */
  private forwardIndex(): ForwardIndex {
    return (this.forward ??= forwardFromPostings(this.postings, this.ids.length));
  }

  /** idf of each query term the index knows, by term number, in groups of a typed term and its stand-ins. */
  private termWeights(query: Bm25Query, related?: RelatedTerms): TermWeights {
    const compounds = this.compoundsOf(query);
    const all = compounds ? new Map([...compounds, ...(related ?? [])]) : related;
    return termWeights(this.queryGroups(query), all, this.size, this.termNumbers, this.postings);
  }

  /**
   * The library's German compounds that hold one of the question's German words as a part, each
   * standing in for the word at `COMPOUND_SHARE` of its weight: a question's "Fehler" finds
   * "Fehlerberichte", its "Partition" finds "Festplattenpartition".
   */
  private compoundsOf(query: Bm25Query): RelatedTerms | null {
    if (typeof query === 'string' || !query.some((word) => word.german)) return null;
    const before = this.compoundsFound.get(query);
    if (before?.changes === this.version) return before.found;
    const affixes = (this.affixes ??= new TermAffixes(this.vocabulary));
    const named = (numbers: number[]) => numbers.map((n) => this.vocabulary[n]!);
    const lookup = {
      withPrefix: (prefix: string) => named(affixes.withPrefix(prefix)),
      withSuffix: (suffix: string) => named(affixes.withSuffix(suffix)),
    };
    const held = (term: string) => this.df(term) > 0;
    const n = this.size;
    const found = new Map<string, { share: number; standsFor: string }>();
    for (const { terms, german } of query) {
      if (!german) continue;
      const dfs = terms.map((term) => this.df(term)).filter((df) => df > 0);
      const own = dfs.length ? idf(n, Math.max(...dfs)) : Infinity;
      for (const term of compoundsHolding(german, lookup, held)) {
        if (!held(term) || terms.includes(term)) continue;
        found.set(term, { share: COMPOUND_SHARE * Math.min(1, own / idf(n, this.df(term))), standsFor: terms[0]! });
      }
    }
    this.compoundsFound.set(query, { changes: this.version, found: found.size ? found : null });
    return found.size ? found : null;
  }

  /** Each slot's length normalisation, made once per state of the index. */
  private slotNorms(): Float64Array {
    if (this.norms?.changes !== this.version || this.norms.norms.length !== this.ids.length) {
      const norms = slotNorms(this.lengths, this.ids.length, this.totalLength / this.size);
      this.norms = { changes: this.version, norms };
    }
    return this.norms.norms;
  }

  /** What the pruned top k reads (bm25-top.ts), with the scratch arrays made long enough. */
  private scoring() {
    this.scratch = scratchFor(this.scratch, this.ids.length);
    return {
      norms: this.slotNorms(),
      lengths: this.lengths,
      avgLength: this.totalLength / this.size,
      bounds: this.bounds,
    };
  }

  /** Adds every matching slot's score into `scratch.scores`; returns the slots touched (caller zeroes them). */
  private accumulate(query: TermWeights): number[] {
    if (query.weights.size === 0) return [];
    this.scratch = scratchFor(this.scratch, this.ids.length);
    return accumulate(query, this.postings, this.slotNorms(), this.scratch.scores, this.scratch.best);
  }
}
