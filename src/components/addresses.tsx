import { Fragment } from 'react';

export type AddressPart = { name: string; address: string };

const ADDRESS = /^[^\s<>",]+@[^\s<>",]+$/;
const NAMED = /^(?:"((?:[^"\\]|\\.)*)"|([^<>"]*?))\s*<([^\s<>",]+@[^\s<>",]+)>$/;

/**
 * An address list as the capture mailbox stores it (mailparser's text: `Name <a@b>`, a quoted
 * `"Name, Inc." <a@b>`, or a bare `a@b`, separated by commas) in its parts; null when any piece
 * has another form (a group, a comment), which is then shown as it is.
 */
export function addressParts(value: string): AddressPart[] | null {
  const pieces: string[] = [];
  let current = '';
  let quoted = false;
  let angle = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && quoted) {
      current += char + (value[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (char === '"' && !angle) quoted = !quoted;
    else if (char === '<' && !quoted) angle = true;
    else if (char === '>' && !quoted) angle = false;
    if (char === ',' && !quoted && !angle) {
      pieces.push(current);
      current = '';
    } else current += char;
  }
  pieces.push(current);
  const parts: AddressPart[] = [];
  for (const piece of pieces.map((text) => text.trim())) {
    if (!piece) continue;
    if (ADDRESS.test(piece)) {
      parts.push({ name: '', address: piece });
      continue;
    }
    const match = NAMED.exec(piece);
    if (!match) return null;
    const name = match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]!.trim();
    parts.push({ name, address: match[3]! });
  }
  return parts.length > 0 ? parts : null;
}

/**
 * One address with its display name: the name reads in its own direction and the address left
 * to right, each isolated from the other and from the page. In the Arabic layout a raw
 * `سارة <s@x.test>` otherwise took the page's direction and moved its brackets and quotes to the
 * wrong side.
 */
export function NamedAddress({ name, address }: AddressPart) {
  return (
    <>
      {name ? <bdi>{name}</bdi> : null}
      {name ? ' ' : null}
      <bdi dir="ltr">{name ? `<${address}>` : address}</bdi>
    </>
  );
}

/** An address list as text (`addressParts`), each address shown as `NamedAddress`. */
export function Addresses({ value }: { value: string }) {
  const parts = addressParts(value);
  if (!parts) return <span dir="auto">{value}</span>;
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? ', ' : null}
          <NamedAddress {...part} />
        </Fragment>
      ))}
    </>
  );
}
