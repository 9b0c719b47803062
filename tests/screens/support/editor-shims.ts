/**
 * jsdom does no layout, and ProseMirror (tiptap) and CodeMirror ask the DOM where text is when
 * they scroll the cursor into view. These answer "nowhere" (empty rectangles), which is what
 * jsdom means; typing, selections and commands still run through the editors' real code.
 */
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);

if (!Range.prototype.getClientRects) Range.prototype.getClientRects = emptyRects;
if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = emptyRect;
if (!document.elementFromPoint) document.elementFromPoint = () => null;
