import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements in it (a link, a name in bold): the translation
 * fills the placeholders that are text, and each {{name}} left in `text` becomes `parts[name]`,
 * so the words around a link stay in the order of the language.
 */
export function Phrase({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  const pieces = text.split(/\{\{\s*(\w+)\s*\}\}/);
  return (
    <>
      {pieces.map((piece, index) =>
        index % 2 === 0 ? piece : <Fragment key={index}>{Object.hasOwn(parts, piece) ? parts[piece] : `{{${piece}}}`}</Fragment>,
      )}
    </>
  );
}
