import { useEffect, useState } from 'react';

/** Width of the bottom corner at the line's end the widget's button occupies (button plus margin). */
const CORNER_PX = 96;
const GAP_PX = 12;

/**
 * Where the widget's button goes: `lift` px above its corner, or nowhere while a sheet that fills the screen is open
 * (`covered`: the phone's full-screen assistant chat, `data-floating-cover`). A button floating over such a sheet
 * covers its conversation, and the sheet has its own way to a person and its own close button.
 */
export interface FloatingPlacement {
  lift: number;
  covered: boolean;
}
const NOT_MOVED: FloatingPlacement = { lift: 0, covered: false };

/** A form field the user is typing in or choosing from: it must never be under the floating button. */
const isField = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement && el.matches('input:not([type="hidden"]), textarea, select, [contenteditable="true"]');

/**
 * How far above the bottom edge the floating widget must sit so it never covers a control docked in its corner —
 * bottom right, bottom left on a right-to-left page, where the widget sits at the line's end too — (the chat's message box, the storefront's "Chat with AI" button: such elements carry
 * `data-floating-avoid`) nor the form field that has the focus. Recomputed on scroll, resize, focus and route
 * changes (0 when nothing is in the way).
 */
export function useFloatingOffset(pathname: string): FloatingPlacement {
  const [placement, setPlacement] = useState<FloatingPlacement>(NOT_MOVED);
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
      const lift = Math.round(Math.min(needed, h - CORNER_PX));
      const covered = [...document.querySelectorAll<HTMLElement>('[data-floating-cover]')].some((el) => {
        const r = el.getBoundingClientRect();
        return r.left <= 0 && r.top <= 0 && r.right >= w && r.bottom >= h;
      });
      setPlacement((was) => (was.lift === lift && was.covered === covered ? was : { lift, covered }));
      // a scrolling conversation under the button (the desktop's chat column) keeps room at its end, so its last
      // message can always be scrolled clear of the button: the element opts in with data-floating-clear and reads
      // --floating-clear in its own padding
      for (const el of document.querySelectorAll<HTMLElement>('[data-floating-clear]')) {
        const r = el.getBoundingClientRect();
        const under = !covered && r.width > 0 && (rtl ? r.left < CORNER_PX : r.right > w - CORNER_PX) && r.top < h - lift && r.bottom > h - lift - CORNER_PX;
        if (under) el.style.setProperty('--floating-clear', `${CORNER_PX - GAP_PX}px`);
        else el.style.removeProperty('--floating-clear');
      }
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
      for (const el of document.querySelectorAll<HTMLElement>('[data-floating-clear]')) el.style.removeProperty('--floating-clear');
      cancelAnimationFrame(frame);
      clearTimeout(late);
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
      document.removeEventListener('focusin', schedule);
      document.removeEventListener('focusout', schedule);
    };
  }, [pathname]);
  return placement;
}
