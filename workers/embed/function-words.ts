/**
 * The commonest function words of each language the built-in model has a table for, folded (lower
 * case, no accents). They tell a text's language apart cheaply, without a download, and they carry
 * no meaning a vector should hold: a dictionary translates "ich" to "ego" and "est" to "east".
 * Words that are common in English too ("in", "a", "on") are left out, so English text never counts
 * as another language by them.
 */
const LISTS: Record<string, string> = {
  en: 'the and of to is are was were be been this that with for from what how why which who when where does do did not can should would will have has it its you your my there their they than then these those into about',
  de: 'der die das und ist sind nicht ein eine einen einem einer eines ich du er sie wir ihr mit von zu auf fur dem den des wie warum wann wo wer kann konnen muss mussen soll wird werden wurde auch oder aber noch nur sich bei nach uber unter vom zum zur durch gegen ohne welche welcher welches dass wenn diese dieser dieses haben sein kein keine mein meine',
  fr: 'le la les et est sont etait un une des du de au aux je tu il elle nous vous ils elles avec pour dans sur par que qui quoi comment pourquoi quand ou ne pas peut doit faut ce cette ces mon ma mes son sa ses leur leurs ont avoir etre sans sous entre aussi mais donc',
  es: 'el la los las y es son era un una unos unas del al yo tu el ella nosotros ellos con para por que como cuando donde quien cual porque puede debe hay este esta estos estas mi mis su sus pero tambien sin sobre entre muy ya se lo le les de',
  it: 'il lo la gli le sono era un una uno del della dei delle dello al alla ai agli io tu lui lei noi voi loro con che quando dove chi quale perche puo deve questo questa questi queste mio mia suo sua ma anche senza sopra tra fra si',
  pt: 'os sao era um uma uns umas do da dos das na nas ao eu tu ele ela eles elas com para por que como quando onde quem qual porque pode deve este esta estes estas meu minha seu sua mas tambem sem sobre entre muito ja se nao de',
  nl: 'de het een en zijn niet ik jij je hij zij wij ze met van voor op aan bij naar uit als dat die dit deze wat hoe waarom wanneer waar wie welke kan kunnen moet moeten zal zullen wordt worden werd ook maar nog alleen zich er geen mijn hun',
};

export const FUNCTION_WORDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(LISTS).map(([lang, list]) => [lang, new Set(list.split(' '))]),
);
