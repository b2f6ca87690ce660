import { Fragment } from 'react';
import { markdownBlocks, type Inline } from '../utils/markdown-blocks';

const InlineText = ({ parts }: { parts: Inline[] }) => (
  <>
    {parts.map((part, i) =>
      part.bold ? <strong key={i}>{part.text}</strong> : <Fragment key={i}>{part.text}</Fragment>,
    )}
  </>
);

/** An article's markdown as the reader sees it: text only (React escapes it), never HTML from the article. */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  return (
    <div className="kb-preview" data-testid="kb-preview">
      {markdownBlocks(markdown).map((block, i) => {
        if (block.kind === 'heading') {
          const Heading = (['h3', 'h4', 'h5'] as const)[block.level - 1]!;
          return (
            <Heading key={i}>
              <InlineText parts={block.inline} />
            </Heading>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={i}>
              {block.items.map((item, j) => (
                <li key={j}>
                  <InlineText parts={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                <InlineText parts={line} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
