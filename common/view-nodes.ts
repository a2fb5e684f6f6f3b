/**
 * A formatted original as plain data, so the page only draws it: a worker converts the file,
 * keeps the allow-listed elements below and marks the passage (workers/view/), and the page
 * builds the DOM with createElement and text nodes (src/lib/rendered-original.ts), never innerHTML.
 */

/** Text, an allowed element (with a link's checked address), or an image's alt text in its place. */
export type ViewNode = string | ViewElement | ViewImage;

export interface ViewElement {
  tag: string;
  /** On `a` only: a web or mail address (`safeHref`); other links are drawn as plain text. */
  href?: string;
  /** Set on the marks that hold the passage (a document's own <mark> has no flag). */
  passage?: true;
  children: ViewNode[];
}

/** An image's alt text; the image itself is never loaded. */
export interface ViewImage {
  image: string;
}

/** Names of elements, written as one line of words. */
const tags = (names: string): string[] => names.split(' ');

export const HEADING_TAGS = tags('h1 h2 h3 h4 h5 h6');

/** Elements kept (as themselves, without attributes); others give way to their children. */
export const HTML_KEEP = new Set([
  ...HEADING_TAGS,
  ...tags('p ul ol li dl dt dd pre code blockquote em strong b i u s sub sup br hr'),
  ...tags(
    'table thead tbody tfoot tr td th caption figure figcaption section article div span kbd samp var small mark',
  ),
]);

/** Elements that hold no text of the document: scripts, media, forms, page furniture. */
export const NOT_TEXT = tags(
  'script style noscript template svg math nav footer aside form button select iframe object canvas video audio',
);

/** Elements dropped with everything inside them (as the parser drops them from the text). */
export const HTML_DROP = new Set([...NOT_TEXT, ...tags('head title embed link meta')]);

/** Elements whose text reads apart from the text before and after it (a passage may span them). */
export const TEXT_BLOCKS = new Set([
  ...HEADING_TAGS,
  ...tags('p li td th pre blockquote dt dd figcaption caption div'),
]);

/** Only web and mail addresses become links, opened outside the app; anything else is plain text. */
export function safeHref(url: string | null | undefined): string | null {
  return url && /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : null;
}
