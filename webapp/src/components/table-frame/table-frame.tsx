import { type ReactNode, useEffect, useRef } from 'react';

/** Marks on `edges` which sides of `frame` have more of the table to scroll to. */
function markEdges(frame: HTMLElement, edges: HTMLElement) {
  const { scrollLeft, scrollWidth, clientWidth } = frame;
  edges.toggleAttribute('data-more-left', scrollLeft > 1);
  edges.toggleAttribute('data-more-right', scrollLeft + clientWidth < scrollWidth - 1);
}

/**
 * The frame of a wide table: the table scrolls sideways inside it, never the page, and its
 * Actions column (`pd-actions-cell`) stays in view at the frame's right edge (app.css). A shadow
 * on an edge says more of the table lies that way, so a phone's user knows to swipe for the
 * columns out of view. The marks are set on the element, not in state: scrolling re-renders
 * nothing.
 */
export function TableFrame({ children, className }: { children: ReactNode; className?: string }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    const edges = element?.parentElement;
    if (!element || !edges) return undefined;
    const mark = () => markEdges(element, edges);
    mark();
    element.addEventListener('scroll', mark, { passive: true });
    // The frame narrows with the window, the table widens with its rows.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mark);
    resized?.observe(element);
    if (element.firstElementChild) resized?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', mark);
      resized?.disconnect();
    };
  }, []);
  return (
    <div className="pd-table-edges">
      <div ref={frame} className={className ? `pd-table-frame ${className}` : 'pd-table-frame'}>
        {children}
      </div>
    </div>
  );
}
