// The classic script a prerendered shell loads at the end of <head> (member-web/build/prerender.ts,
// worker/src/lib/spa.ts); an external file because the policy allows no inline scripts.
// 1. A visitor holding a member token is sent on by the landing page (to /main): the prerendered
//    markup stays hidden for them (base.css, html[data-signed-in]) until the app renders where they go.
// 2. The entry script (already fetched: the shell names it <link rel="modulepreload" data-entry>) runs
//    after the prerendered markup's first paint, not before it.
(function () {
  var d = document;
  try {
    if (localStorage.getItem('accessToken')) d.documentElement.setAttribute('data-signed-in', '');
  } catch (e) {
    /* storage disabled: a visitor */
  }
  // 3. A button pressed before the entry has taken the markup over is pressed again once it has
  //    (src/lib/prerendered.ts): links work without the script, buttons need it.
  var pressed = (window.__ongiEarlyPress = { button: null });
  d.addEventListener(
    'click',
    function (e) {
      var root = d.getElementById('root');
      var button = e.target instanceof Element ? e.target.closest('button') : null;
      if (root && root.hasAttribute('data-prerendered') && button && root.contains(button)) pressed.button = button;
    },
    true,
  );
  var started = false;
  function start() {
    var link = d.querySelector('link[data-entry]');
    if (started || !link) return;
    started = true;
    var s = d.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = link.getAttribute('href');
    d.head.appendChild(s);
  }
  // A hidden tab paints no frames: start at once there.
  if (d.visibilityState === 'hidden') d.addEventListener('DOMContentLoaded', start);
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  d.addEventListener('visibilitychange', function () {
    if (d.visibilityState === 'hidden') start();
  });
})();
