// The classic script a prerendered shell loads at the end of <head> (member-web/build/prerender.ts,
// worker/src/lib/spa.ts); an external file because the policy allows no inline scripts.
// 1. A visitor holding a member token is sent on by the landing page (to /main): the prerendered
//    markup stays hidden for them (base.css, html[data-signed-in]) until the app renders where they go.
// 2. The entry script and the files it imports (the shell names them in <meta name="ongi-entry">) load
//    after the prerendered markup's first paint: that paint waits for the style sheet alone.
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
    var files = d.querySelectorAll('meta[name="ongi-entry"]');
    if (started || !files.length) return;
    started = true;
    // The entry first, then the files it imports (fetched together, not one after the other).
    for (var i = 0; i < files.length; i++) {
      var el = d.createElement(i === 0 ? 'script' : 'link');
      if (i === 0) {
        el.type = 'module';
        el.src = files[i].content;
      } else {
        el.rel = 'modulepreload';
        el.href = files[i].content;
      }
      el.crossOrigin = '';
      d.head.appendChild(el);
    }
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
