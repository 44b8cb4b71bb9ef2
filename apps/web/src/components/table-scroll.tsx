/**
 * A table that scrolls sideways when the screen is narrower than it: the scrolling area takes the keyboard
 * focus (Tab, then the arrow keys), so it can be scrolled without a mouse (WCAG 2.1.1; axe's
 * scrollable-region-focusable) even when no cell holds a link or button.
 */
import { Table, type TableScrollContainerProps } from '@mantine/core';

export function TableScroll(props: TableScrollContainerProps) {
  return <Table.ScrollContainer {...props} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }} />;
}
