import { useEffect, useState } from 'react';

/** Width of the bottom corner at the line's end the widget's button occupies (button plus margin). */
const CORNER_PX = 96;
const GAP_PX = 12;

/** A form field the user is typing in or choosing from: it must never be under the floating button. */
const isField = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement && el.matches('input:not([type="hidden"]), textarea, select, [contenteditable="true"]');

/**
 * How far above the bottom edge the floating widget must sit so it never covers a control docked in its corner —
 * bottom right, bottom left on a right-to-left page, where the widget sits at the line's end too — (the chat's message box, the storefront's "Chat with AI" button: such elements carry
 * `data-floating-avoid`) nor the form field that has the focus. Recomputed on scroll, resize, focus and route
 * changes (0 when nothing is in the way).
 */
export function useFloatingOffset(pathname: string): number {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const w = window.innerWidth;
      const h = window.innerHeight;
      // the widget is placed with logical properties (end-4): on an Arabic page its corner is the bottom left
      const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
      let needed = 0;
      const avoid = [...document.querySelectorAll<HTMLElement>('[data-floating-avoid]')];
      const focused = document.activeElement;
      if (isField(focused)) avoid.push(focused);
      for (const el of avoid) {
        const r = el.getBoundingClientRect();
        const visible = r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < h;
        // only what reaches into the widget's corner matters
        const inCorner = rtl ? r.left < CORNER_PX : r.right > w - CORNER_PX;
        if (visible && inCorner && r.bottom > h - CORNER_PX * 1.5) needed = Math.max(needed, h - r.top + GAP_PX);
      }
      // a field taller than the screen cannot be cleared: the button stays on screen
      setOffset(Math.round(Math.min(needed, h - CORNER_PX)));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    // the page renders its docked bars after lazy chunks load: measure again shortly after a route change
    const late = setTimeout(schedule, 600);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    document.addEventListener('focusin', schedule);
    document.addEventListener('focusout', schedule);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(late);
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
      document.removeEventListener('focusin', schedule);
      document.removeEventListener('focusout', schedule);
    };
  }, [pathname]);
  return offset;
}
