import { useContractText } from '../../i18n/contractTexts';

/**
 * A text from the data-service contracts (summary, description, tag name) in the page's language, with its
 * `backticked` names shown as code (the contracts' texts use that one piece of Markdown; nothing else is
 * interpreted).
 */
export function ReferenceText({ text }: { text: string }) {
  const translated = useContractText().text(text);
  return (
    <>
      {translated.split(/(`[^`]+`)/).map((part, index) =>
        part.length > 2 && part.startsWith('`') && part.endsWith('`') ? <code key={index}>{part.slice(1, -1)}</code> : part,
      )}
    </>
  );
}
