/* global document, requestAnimationFrame, setTimeout, addEventListener, Element, Event, HTMLInputElement, HTMLTextAreaElement */
// Starts the app's scripts on a page whose first view the server rendered into its HTML (decision 0071): once the
// page has loaded (its pictures in) and painted, so on a slow link the scripts do not share it with the CSS and
// the first pictures. Until then the page is the server's markup (links work; buttons wait for the scripts).
// The server names the entry script, its imports and the route's module on this script's element.
const me = document.getElementById('souq-app');
let started = false;
function start() {
  if (started || !me) return;
  started = true;
  // The entry's own imports first, fetched side by side and each evaluated as it arrives, in a task of its own;
  // then the entry and the route's module (whose imports the browser finds itself). Evaluating the whole app at
  // once was one long task on a throttled phone; so was adding a modulepreload link per module here.
  const deps = (me.dataset.deps || '').split(' ').filter(Boolean);
  Promise.all(deps.map((src) => import(src))).finally(() => {
    import(me.dataset.entry);
    if (me.dataset.route) import(me.dataset.route);
  });
}
// A visitor who reaches for the page before it has loaded starts the scripts at once. A form sent before the app
// has taken the page over (a search typed and sent early) is held and sent again once it has (main.tsx announces
// it with APP_READY), instead of reloading the page.
const APP_READY = 'souq:app-ready';
let ready = false;
let held = null;
// A control clicked before the app has taken the page over (Add to Cart, the cart button) is clicked again once it
// has: React takes over the server's elements themselves (hydration keeps the DOM nodes), so the same element now
// has its handler. Plain links are left alone: they work without the app.
const CONTROLS = 'button, [role="button"], input, select, summary, label';
let clicked = [];
document.addEventListener(APP_READY, () => {
  ready = true;
  const form = held;
  const controls = clicked;
  held = null;
  clicked = [];
  // text typed before then is in the boxes but not in the app's state: hand it over as the app's own input events
  // would (React skips an input event whose value it has already seen, so its record is reset first)
  // (the text as typed, not as the box holds it now: taking over a controlled box can reset it to the app's empty
  // state when the typing fell into the takeover itself)
  for (const [box, text] of typed) {
    if (!box.isConnected) continue;
    box.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box), 'value').set.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }
  typed.clear();
  // the sends and clicks after the app has drawn what that text changed (a Send button it enables)
  setTimeout(() => {
    if (form && form.isConnected) form.requestSubmit();
    for (const control of controls) if (control.isConnected) control.click();
  }, 0);
}, { once: true });
const typed = new Map();
document.addEventListener('input', (e) => {
  if (!ready && (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)) typed.set(e.target, e.target.value);
}, true);
document.addEventListener('click', (e) => {
  if (ready || !(e.target instanceof Element)) return;
  const control = e.target.closest(CONTROLS);
  if (!control) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  clicked.push(control);
  start();
}, true);
document.addEventListener('submit', (e) => {
  if (ready) return;
  e.preventDefault();
  held = e.target;
  start();
}, true);
for (const type of ['pointerdown', 'keydown', 'focusin']) addEventListener(type, start, { once: true, passive: true, capture: true });
// after the load event's frame has been painted; at the latest a few seconds in (a picture that never ends)
const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
setTimeout(start, 4000);
