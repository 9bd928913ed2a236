// The classic script a prerendered shell loads at the end of <head> (member-web/src/first-paint/prerender-plugin.ts,
// worker/src/lib/spa.ts); an external file because the policy allows no inline scripts.
// 1. A visitor holding a member token is sent on by the landing page (to /main): the prerendered
//    markup stays hidden for them (base.css, html[data-signed-in]) until the app renders where they go.
// 2. The entry script and the files it imports (the shell names them in <meta name="ongi-entry">) load
//    after the prerendered markup's first paint: that paint waits for the style sheet alone.
(function () {
  var d = document;
  var token = null;
  // The D1 bookmark of the member's last write in this tab (src/lib/d1-bookmark.ts, STORAGE_KEYS.d1Bookmark).
  var bookmark = null;
  try {
    token = localStorage.getItem('accessToken');
    if (token) d.documentElement.setAttribute('data-signed-in', '');
    bookmark = sessionStorage.getItem('d1Bookmark');
  } catch (e) {
    /* storage disabled: a visitor */
  }
  // 4. A member page's first data goes out now, not once the entry has loaded: the same GETs as
  //    src/first-paint/early.ts (which takes them over from window.__ongiEarly), for the token it would send.
  var early = (window.__ongiEarly = {});
  // /random/matching holds the entry back until the first card's photo has painted (5.): its bytes
  // would otherwise come before the photo's paint, which only they delayed (bench/lighthouse/RESULTS.md).
  var PHOTO_WAIT_MS = 1500;
  var holding = false;
  var wanted = false;
  function release() {
    if (!holding) return;
    holding = false;
    if (wanted) start();
  }
  function get(path) {
    var headers = { Accept: 'application/json' };
    if (token) headers.Authorization = 'Bearer ' + token;
    if (bookmark) headers['x-d1-bookmark'] = bookmark;
    var answer = fetch(path, { headers: headers, credentials: 'include' })
      .then(function (r) {
        return r.arrayBuffer().then(function (body) {
          return { status: r.status, statusText: r.statusText, headers: r.headers, body: body };
        });
      })
      .catch(function () {
        return null;
      });
    return (early[path] = { token: token, at: Date.now(), answer: answer });
  }
  function json(e) {
    return e.answer.then(function (b) {
      if (!b || b.status !== 200) return undefined;
      try {
        return JSON.parse(new TextDecoder().decode(b.body));
      } catch (x) {
        return undefined;
      }
    });
  }
  var path = location.pathname.replace(/\/$/, '');
  // /main's first data goes out with the entry (start), not before the first paint: its largest
  // paint is the prerendered markup's text, and an answer that arrived before that paint would count
  // on its simulated path (bench/lighthouse/RESULTS.md, eighth round).
  var atStart = [];
  if (token && path === '/main') {
    atStart.push(function () {
      get('/api/on/matching/popular');
      get('/api/on/ping');
    });
  }
  if (token && path === '/random/matching') {
    // The status and the deck at the page the status names (recommend?page=resume: the Worker finds
    // that page; early.ts hands the answer to the page's request for it) go out together; the deck's
    // first card's photo is the page's largest paint. The entry waits for that photo's paint (5.),
    // for no photo, or at most PHOTO_WAIT_MS.
    // Matching off or a failed status: no photo, whatever the deck answers.
    holding = true;
    setTimeout(release, PHOTO_WAIT_MS);
    var noDeck = false;
    json(get('/api/on/matching/status')).then(function (st) {
      if (st && st.matchingEnabled === true) return;
      noDeck = true;
      release();
    });
    json(get('/api/on/matching/recommend?page=resume')).then(function (list) {
      var first = Array.isArray(list) ? list[0] : undefined;
      if (noDeck || !first || typeof first.mainImageUrl !== 'string') return release();
      var link = d.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = first.mainImageUrl;
      link.setAttribute('fetchpriority', 'high');
      d.head.appendChild(link);
      showPhoto(first.mainImageUrl);
    });
  }
  // 5. The first card's photo is /random/matching's largest paint: while the prerendered markup (the
  //    deck's spinner) is still on screen, the photo goes where the card's photo will be, in the same
  //    boxes (.match-card-stage > .match-card > .match-photos, card.css sizes them), hidden from the
  //    reader; the spinner's status stays for the reader. The page's loading state keeps it
  //    (pages/random-matching/early-photo.tsx, window.__ongiEarlyPhoto) until the card renders over it.
  function showPhoto(url) {
    var root = d.getElementById('root');
    var stage =
      root && root.getAttribute('data-prerendered') === '/random/matching' && root.querySelector('.match-stage');
    var spinner = stage && stage.querySelector(':scope > .center-state');
    if (!stage || !spinner) return release();
    var box = d.createElement('div');
    box.className = 'match-card-stage';
    box.setAttribute('aria-hidden', 'true');
    box.setAttribute('data-early-photo', '');
    box.innerHTML =
      '<div class="match-card"><div class="match-photos"><img class="match-photos__image" alt="" draggable="false"></div></div>';
    var img = box.querySelector('img');
    // Loaded (or failed), the photo paints in the next frame; the entry starts after it.
    img.onload = img.onerror = function () {
      requestAnimationFrame(function () {
        setTimeout(release, 0);
      });
    };
    img.src = url;
    var quiet = d.createElement('div');
    quiet.className = 'visually-hidden';
    quiet.appendChild(spinner);
    stage.replaceChildren(box, quiet);
    window.__ongiEarlyPhoto = url;
  }
  // 3. A button pressed before the entry has taken the markup over is pressed again once it has
  //    (src/first-paint/prerendered.ts): links work without the script, buttons need it. Kept as its place
  //    among the markup's buttons: a member page's markup is replaced by the same layout's.
  var pressed = (window.__ongiEarlyPress = { index: -1 });
  d.addEventListener(
    'click',
    function (e) {
      var root = d.getElementById('root');
      var button = e.target instanceof Element ? e.target.closest('button') : null;
      if (!root || !root.hasAttribute('data-prerendered') || !button || !root.contains(button)) return;
      pressed.index = Array.prototype.indexOf.call(root.querySelectorAll('button'), button);
    },
    true,
  );
  var started = false;
  // force: a hidden tab starts at once, photo or not.
  function start(force) {
    var files = d.querySelectorAll('meta[name="ongi-entry"]');
    if (holding && force !== true) {
      wanted = true;
      return;
    }
    if (started || !files.length) return;
    started = true;
    for (var k = 0; k < atStart.length; k++) atStart[k]();
    // The tab's icon and the app manifest, held back from the paint in a template (worker/src/lib/spa.ts
    // AFTER_PAINT_ID): the browser fetches both, and the manifest's icon, only once they are in the head.
    var later = d.getElementById('ongi-after-paint');
    if (later && later.content) d.head.appendChild(later.content.cloneNode(true));
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
  // Whether this reader sees the markup (base.css hides a visitor's page from a token holder and a
  // member's page from everyone else).
  function markupShown() {
    var root = d.getElementById('root');
    var reader = root && root.getAttribute('data-prerendered-for');
    return reader === 'member' ? !!token : reader === 'visitor' && !token;
  }
  // The entry starts once the markup's first paint is on the screen (its paint entry is reported only
  // then), so the scripts' bytes never compete with what that paint still needs; started at the first
  // frame, they often finished loading before the paint was shown (bench/lighthouse/RESULTS.md, fifth round).
  // Markup the reader does not see paints nothing: start at the first frame. Without paint timing, or
  // should the entry not come (text waiting for its font), at most 300 ms after it. A hidden tab
  // paints no frames: start at once there. The first frame can come before the parser has reached
  // #root (a slow network, or a busy machine: the page's body not yet read); whose markup it is is
  // only known once it has, so the choice waits for it.
  var paintTiming =
    typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (d.visibilityState === 'hidden')
    d.addEventListener('DOMContentLoaded', function () {
      start(true);
    });
  else {
    if (paintTiming) {
      new PerformanceObserver(function (list, observer) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        start();
      }).observe({ type: 'paint', buffered: true });
    }
    requestAnimationFrame(function () {
      function fallback() {
        setTimeout(start, paintTiming && markupShown() ? 300 : 0);
      }
      if (d.getElementById('root')) fallback();
      else d.addEventListener('DOMContentLoaded', fallback);
    });
  }
  d.addEventListener('visibilitychange', function () {
    if (d.visibilityState === 'hidden') start(true);
  });
})();
