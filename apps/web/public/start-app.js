/* global document, requestAnimationFrame, setTimeout, addEventListener */
// Starts the app's scripts on a page whose first view the server rendered into its HTML (decision 0071): once the
// page has loaded (its pictures in) and painted, so on a slow link the scripts do not share it with the CSS and
// the first pictures. Until then the page is the server's markup (links work; buttons wait for the scripts).
// The server names the entry script and the modules to fetch with it on this script's element.
const me = document.getElementById('souq-app');
let started = false;
function start() {
  if (started || !me) return;
  started = true;
  for (const href of (me.dataset.preload || '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(me.dataset.entry);
}
// after the load event's frame has been painted; at the latest a few seconds in (a picture that never ends)
const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
setTimeout(start, 4000);
