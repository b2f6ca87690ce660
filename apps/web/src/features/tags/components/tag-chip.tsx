import type { ReactNode } from 'react';
import { Tag as AntTag } from 'antd';
import { textColourOn } from '../../../lib/readable-colour';

type TagChipProps = {
  colour: string | undefined;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * A tag in its own colour, as the tags screen shows it: antd writes white on the colour, under the 4.5:1
 * text needs on a light one (gold, cyan): the text is white or black, whichever reads (WCAG AA).
 */
export function TagChip({ colour, children, ...rest }: TagChipProps) {
  return (
    <AntTag
      color={colour}
      variant="solid"
      style={colour ? { color: textColourOn(colour) } : undefined}
      {...rest}
    >
      {children}
    </AntTag>
  );
}
