/** What a map tool button shows: its glyph, and its name as text while the labels setting is on (toolLabels.ts). */
export function ToolButtonFace({ icon, label, shown }: { icon: string; label: string; shown: boolean }) {
  return (
    <>
      <span className="tool-button__icon" aria-hidden="true">
        {icon}
      </span>
      {shown ? (
        <span className="tool-button__label" aria-hidden="true">
          {label}
        </span>
      ) : null}
    </>
  );
}
