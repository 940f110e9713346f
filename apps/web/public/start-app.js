/* global document, requestAnimationFrame, setTimeout, addEventListener */
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
document.addEventListener(APP_READY, () => {
  ready = true;
  const form = held;
  held = null;
  if (form && form.isConnected) form.requestSubmit();
}, { once: true });
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
