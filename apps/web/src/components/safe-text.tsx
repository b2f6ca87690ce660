import { displaySegments } from '@sabai/domain';

type SafeTextProps = { text: string | null | undefined; className?: string; testId?: string };

/**
 * A name or file name from a customer or a user: isolated from the text around it (<bdi>, so a right-to-left
 * name never reorders its neighbours) and with invisible characters (a right-to-left override, controls)
 * shown by their code point, so "invoice\u202Egnp.exe" cannot pass for a picture.
 */
export function SafeText({ text, className, testId }: SafeTextProps) {
  if (!text) return null;
  return (
    <bdi className={className ? `safe-text ${className}` : 'safe-text'} data-testid={testId}>
      {displaySegments(text).map((segment, i) =>
        'control' in segment ? (
          <span key={i} className="safe-text__control" dir="ltr">
            {segment.control}
          </span>
        ) : (
          segment.text
        ),
      )}
    </bdi>
  );
}
