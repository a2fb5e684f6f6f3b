/**
 * HTML → the viewer's allow-listed nodes (common/view-nodes.ts) with htmlparser2: runs in a
 * worker, executes nothing, loads nothing. Only text, allowed tag names, a link's web or mail
 * address and an image's alt text are kept; dropped elements take their contents with them.
 */
import { Parser } from 'htmlparser2';
import { HTML_DROP, HTML_KEEP, safeHref, type ViewElement, type ViewNode } from '../../common/view-nodes';

/** The allowed content of an HTML document or fragment. */
export function allowedNodes(html: string): ViewNode[] {
  const root: ViewElement = { tag: 'div', children: [] };
  // One entry per open element: where its children go (itself, or its parent when it gives way).
  const open: { into: ViewElement; dropped: boolean }[] = [];
  let dropping = 0;
  const into = () => open.at(-1)?.into ?? root;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const tag = name.toLowerCase();
        if (dropping || HTML_DROP.has(tag)) {
          dropping++;
          return void open.push({ into: into(), dropped: true });
        }
        const parent = into();
        if (tag === 'img') {
          if (attributes.alt) parent.children.push({ image: attributes.alt });
          return void open.push({ into: parent, dropped: false });
        }
        const href = tag === 'a' ? safeHref(attributes.href) : null;
        if (tag === 'a' || HTML_KEEP.has(tag)) {
          const element: ViewElement = href
            ? { tag: 'a', href, children: [] }
            : { tag: tag === 'a' ? 'span' : tag, children: [] };
          parent.children.push(element);
          return void open.push({ into: element, dropped: false });
        }
        open.push({ into: parent, dropped: false });
      },
      ontext(text) {
        if (dropping) return;
        const children = into().children;
        // htmlparser2 hands text over in pieces; one node per run, as a DOM parser gives.
        if (typeof children.at(-1) === 'string') children[children.length - 1] += text;
        else children.push(text);
      },
      onclosetag() {
        if (open.pop()?.dropped) dropping--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return root.children;
}
