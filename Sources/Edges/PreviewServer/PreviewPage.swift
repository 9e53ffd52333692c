import CarRender

/// The single page of the web simulator: the car display beside the side panel.
///
/// The page subscribes to `/events` (server-sent events carrying the rendered display and panel
/// as JSON), posts taps to `/event` and panel commands to `/control`; both answer with the new
/// state so the page updates without waiting for the stream. Every request names the page
/// (`?page=`), so answers and events carry only the fragments it does not have yet; a fragment
/// left out whose hash is not the page's makes the page ask `/state` for everything.
///
/// Each interaction is timed from the input event to the next paint after its answer is applied
/// (`window.__paints`: what, milliseconds, the bytes received meanwhile on every channel, and
/// the answer, apply and map-image times), as `Tests/BrowserE2E/paint_speed.py` reads it. A new
/// rendering of the display is applied by changing only what differs (`morph`), so a day/night
/// switch sets the display's class and a map image's address, and images already shown stay.
public enum PreviewPage {
  /// The page's HTML.
  public static let html = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Wayside — CarPlay simulator</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>
    \(CarStylesheet.css)
    \(css)
    </style></head>
    <body>
    <main id="stage"><button id="sound" type="button" aria-pressed="false" title="The page plays what the car's app plays">Sound off — click to hear</button><div id="frame"><div id="car"></div></div></main>
    <aside id="panel"></aside>
    <script>
    \(script)
    </script>
    </body></html>

    """

  static let css = """
    html,body{margin:0;height:100%;font-family:"Wayside Inter",-apple-system,sans-serif}
    body{display:flex;background:#2c2c2e;color:#eee}
    #stage{flex:1;display:flex;align-items:center;justify-content:center;overflow:hidden;min-width:0}
    #frame{transform-origin:center center}
    /* A map's base picture is its own compositing layer: a tap that changes a row, a card or a
       pin repaints only what changed, and the browser does not draw the map's roads again
       (rasterising the map on the CPU was most of the time from a tap to its paint). A 3D
       transform, not will-change: the layer is drawn again at the display's new scale when
       the display is switched, so the map stays sharp. */
    .car img.map-base{transform:translateZ(0)}
    #panel{width:320px;flex:none;background:#1c1c1e;display:flex;flex-direction:column;overflow:hidden;font-size:13px;box-sizing:border-box;height:100vh}
    #panel .controls{flex:1 1 0;min-height:120px;overflow-y:auto;padding:10px 14px}
    #panel .status{flex:0 0 auto;max-height:55%;overflow-y:auto;padding:0 14px 10px;border-top:1px solid #3a3a3c;background:#161618}
    #panel .diagnostics{max-height:9em;overflow-y:auto}
    #panel h3{font-size:11px;text-transform:uppercase;color:#8e8e93;margin:14px 0 6px}
    #panel select,#panel input{background:#2c2c2e;color:#eee;border:1px solid #3a3a3c;border-radius:6px;padding:4px 6px;max-width:100%}
    #panel form{display:flex;gap:4px;margin:4px 0}#panel form input{flex:1;min-width:0}
    #panel button{background:#3a3a3c;color:#eee;border:0;border-radius:6px;padding:5px 10px;cursor:pointer}
    #panel button.on,#panel button.primary{background:#0a84ff}
    #panel form button{background:#0a84ff;color:#fff;font-weight:600}
    #panel .buttons{display:flex;gap:4px;flex-wrap:wrap;margin:4px 0}
    #panel .toggle{display:block;margin:4px 0}
    #panel .where{color:#aeaeb2;margin-bottom:4px}
    #panel ul,#panel ol{margin:0;padding-left:18px;color:#c7c7cc}
    #panel .transcript li{font-family:ui-monospace,Menlo,monospace;font-size:11px;white-space:pre-wrap;word-break:break-word}
    #panel .diagnostics li{color:#ff9f0a}
    #panel .handoffs li{color:#64d2ff}
    #panel .ok{color:#30d158}
    #panel .message{margin-top:8px;padding:6px;border-radius:6px;background:#3a2a00;color:#ffd60a}
    #sound{position:fixed;left:12px;top:12px;z-index:10;background:#3a3a3c;color:#eee;border:0;border-radius:6px;padding:5px 10px;font:inherit;font-size:13px;cursor:pointer}
    #sound[aria-pressed=true]{background:#0a84ff}
    """

  static let script = """
    const car = document.getElementById('car'), panel = document.getElementById('panel'), frame = document.getElementById('frame');
    let revision = -1, lastCar = '', lastPanel = '', carHash = '', panelHash = '';
    const pageID = Math.random().toString(36).slice(2, 12);
    const withPage = path => path + (path.includes('?') ? '&' : '?') + 'page=' + pageID;
    // Input event → the next paint after its answer is applied: two animation frames later the
    // frame that shows the change has been painted.
    // Beside the total: until the answer's last byte (`answer`), applying it (`apply`), and
    // until the paint that shows a map image the answer names for the first time (`image`,
    // the total when there is none).
    function timePaint(what, start, bytes, answered, applied) {
      const loading = [...car.querySelectorAll('img')].filter(i => !i.complete).map(i => i.decode().catch(() => {}));
      const entry = {what: what, bytes: bytes, answer: answered - start, apply: applied - answered};
      requestAnimationFrame(() => requestAnimationFrame(() => {
        entry.ms = performance.now() - start;
        Promise.all(loading).then(() => requestAnimationFrame(() => requestAnimationFrame(() => {
          entry.image = loading.length ? performance.now() - start : entry.ms;
          (window.__paints = window.__paints || []).push(entry);
        })));
      }));
    }
    // Bytes the page received (answers, the event stream, refetches), for the paint times.
    let received = 0;
    const utf8 = new TextEncoder();
    function receive(text) { received += utf8.encode(text).length; return JSON.parse(text); }
    function refetch() { return fetch(withPage('/state')).then(r => r.text()).then(t => apply(receive(t))); }
    function fit() {
      const el = car.firstElementChild; if (!el) return;
      const stage = document.getElementById('stage');
      const s = Math.min((stage.clientWidth - 60) / el.offsetWidth, (stage.clientHeight - 60) / el.offsetHeight, 3);
      frame.style.transform = 'scale(' + Math.max(0.5, s) + ')';
    }
    function apply(state) {
      if (state.revision !== undefined && state.revision < revision) return;
      revision = state.revision ?? revision;
      const hashes = state.hashes || {};
      if (state.car !== undefined && state.car !== lastCar) {
        // A template that stays on screen keeps its place when it is redrawn (a list whose rows
        // change as a chapter ends, a map whose places refresh), and one that a back returns to
        // shows where the driver left it, as a navigation stack keeps a view's offset; a newly
        // pushed template, another display or another first item starts at the top.
        rememberScroll();
        morph(car, state.car); lastCar = state.car;
        restoreScroll();
        revealFocus(); drawScrollIndicators();
        // The same reported time and rate keep the clock running from when they were first
        // shown (a redraw for another reason does not set it back).
        const c = car.querySelector('.np-clock'), key = c ? [c.dataset.elapsed, c.dataset.rate, c.dataset.duration, car.querySelector('.np-title')?.textContent].join('|') : '';
        if (key !== clockKey) { clockKey = key; clockShown = performance.now(); }
        showClock();
        const field = car.querySelector('.search-field[data-search]');
        if (!field || field.dataset.search !== searchTemplate || field.dataset.query === searchText) { searchText = null; }
      }
      if (state.car !== undefined) carHash = hashes.car || '';
      if (state.panel !== undefined && state.panel !== lastPanel) {
        // The panel always shows the simulator's state at once; only a text field being typed
        // in keeps its place (and its text) until it loses focus.
        if (typing()) panel.dataset.pending = state.panel; else showPanel(state.panel);
      }
      if (state.panel !== undefined) panelHash = hashes.panel || '';
      // A fragment left out is one the server believes the page has; if not, ask for all.
      if ((state.car === undefined && hashes.car && hashes.car !== carHash) ||
          (state.panel === undefined && hashes.panel && hashes.panel !== panelHash)) return refetch();
      document.body.dataset.revision = String(revision);
      if (window.__tapAt !== undefined) { (window.__latencies = window.__latencies || []).push(performance.now() - window.__tapAt); window.__tapAt = undefined; }
      fit();
    }
    // A new rendering of the display (or the panel) changes only what differs from the one shown: an equal
    // element stays as it is (a loaded map image is not fetched and decoded again), a changed
    // attribute or text is set, and an element of another kind
    // or another id (`data-template`, `data-e`, `data-pin-id`) is replaced, so a pushed
    // template starts at its top as CarPlay shows it.
    const morphKeys = ['data-template', 'data-e', 'data-pin-id'];
    function morph(into, html) {
      into.querySelectorAll('.scroll-indicator').forEach(e => e.remove());
      const t = document.createElement('template'); t.innerHTML = html;
      morphChildren(into, t.content);
    }
    function sameNode(x, y) {
      if (x.nodeType !== y.nodeType || x.nodeName !== y.nodeName) return false;
      if (x.nodeType !== 1) return true;
      for (const key of morphKeys) if (x.getAttribute(key) !== y.getAttribute(key)) return false;
      return true;
    }
    function morphChildren(a, b) {
      let x = a.firstChild, y = b.firstChild;
      while (y) {
        const nextY = y.nextSibling;
        if (!x) { a.appendChild(y); }
        else {
          const nextX = x.nextSibling;
          if (sameNode(x, y)) morphNode(x, y); else a.replaceChild(y, x);
          x = nextX;
        }
        y = nextY;
      }
      while (x) { const nextX = x.nextSibling; a.removeChild(x); x = nextX; }
    }
    function morphNode(x, y) {
      if (x.nodeType !== 1) { if (x.nodeValue !== y.nodeValue) x.nodeValue = y.nodeValue; return; }
      for (const name of x.getAttributeNames()) if (!y.hasAttribute(name)) x.removeAttribute(name);
      for (const name of y.getAttributeNames()) { const v = y.getAttribute(name); if (x.getAttribute(name) !== v) x.setAttribute(name, v); }
      // A form control shows its new state even after a person changed it (the attribute
      // alone no longer does then); a text field being typed in keeps its text.
      if (x.tagName === 'OPTION') x.selected = y.hasAttribute('selected');
      else if (x.tagName === 'INPUT' && (x.type === 'checkbox' || x.type === 'radio')) x.checked = y.hasAttribute('checked');
      else if (x.tagName === 'INPUT' && x !== document.activeElement) x.value = y.getAttribute('value') ?? '';
      morphChildren(x, y);
    }
    // CarPlay draws a thin indicator beside every panel that scrolls; a browser may hide its
    // own scroll bars (overlay scroll bars, headless screenshots), so the page draws one.
    const scrollers = '.list, .information dl, .card-body, .away';
    // Scroll offsets by template, depth in its stack, display size and first item. A redraw of
    // the template on screen keeps its offset, and back returns to the offset the template below
    // had; a push, another tab, another app or another display starts at the top.
    const scrollMemory = new Map();
    let shownTop = null;
    function topTemplate() {
      const t = car.querySelector('.template[data-depth]'), display = car.firstElementChild;
      return t ? {id: t.dataset.template, depth: Number(t.dataset.depth),
                  size: display ? display.offsetWidth + 'x' + display.offsetHeight : ''} : null;
    }
    function scrollKeys() {
      return [...car.querySelectorAll(scrollers)].map((s, i) => {
        const t = s.closest('[data-template]'), first = s.querySelector('[data-e], dt, .card-title');
        return [s, [t?.dataset.template || '', t?.dataset.depth || '', i,
          first ? (first.dataset.e || first.textContent.trim().slice(0, 40)) : ''].join('|')];
      });
    }
    function rememberScroll() {
      shownTop = topTemplate();
      for (const [s, key] of scrollKeys()) {
        scrollMemory.delete(key);
        if (s.scrollTop) scrollMemory.set(key, s.scrollTop);
      }
      while (scrollMemory.size > 64) scrollMemory.delete(scrollMemory.keys().next().value);
    }
    function restoreScroll() {
      const now = topTemplate(), before = shownTop;
      const same = now && before && now.id === before.id && now.depth === before.depth && now.size === before.size;
      const back = now && before && now.depth < before.depth && now.size === before.size;
      for (const [s, key] of scrollKeys()) {
        const top = same || back ? scrollMemory.get(key) || 0 : 0;
        if (!same && !back) scrollMemory.delete(key);
        if (s.scrollTop !== top) s.scrollTop = top;
      }
    }
    function drawScrollIndicators() {
      car.querySelectorAll('.scroll-indicator').forEach(e => e.remove());
      for (const s of car.querySelectorAll(scrollers)) {
        s.onscroll = drawScrollIndicators;
        const range = s.scrollHeight - s.clientHeight;
        if (range <= 1 || !s.offsetParent) continue;
        const h = Math.min(s.clientHeight - 8, Math.max(24, s.clientHeight * s.clientHeight / s.scrollHeight));
        if (h < 6) continue;
        const top = s.offsetTop + 4 + (s.clientHeight - 8 - h) * Math.min(1, s.scrollTop / range);
        const bar = document.createElement('div');
        bar.className = 'scroll-indicator';
        bar.style.cssText = 'top:' + top + 'px;left:' + (s.offsetLeft + s.clientWidth - 6) + 'px;height:' + h + 'px';
        s.offsetParent.appendChild(bar);
      }
    }
    // A knob or touch-pad car draws its focused item; a list scrolls to keep it in view.
    function revealFocus() {
      const selector = car.firstElementChild?.dataset.focusSelector;
      const el = selector ? car.querySelector(selector) : null;
      if (!el) return;
      el.scrollIntoView({block: 'nearest', inline: 'nearest'});
      const stage = document.getElementById('stage'); stage.scrollTop = 0; stage.scrollLeft = 0; window.scrollTo(0, 0);
    }
    // The keyboard acts as the knob when the car has a knob or touch pad: arrows move the
    // focus, Enter selects, Backspace and Escape go back. Typing in the panel is left alone.
    const knobKeys = {ArrowDown: 'next', ArrowRight: 'next', ArrowUp: 'previous', ArrowLeft: 'previous', Enter: 'select', Backspace: 'back', Escape: 'back'};
    document.addEventListener('keydown', e => {
      const display = car.firstElementChild;
      if (!display || !display.dataset.input || display.dataset.input === 'touch') return;
      const a = document.activeElement;
      if (a && (panel.contains(a) || /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName))) return;
      const which = knobKeys[e.key];
      if (!which || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      window.__tapAt = performance.now();
      post('/event', {ev: 'knob', which: which}, 'knob ' + which, e.timeStamp);
    });
    // A search field takes the computer's keyboard as CarPlay's keyboard: each key sends the
    // field's whole new text (the host's `type`), unless the car limits the keyboard.
    let searchText = null, searchTemplate = null;
    document.addEventListener('keydown', e => {
      const field = car.querySelector('.search-field[data-search]');
      if (!field || e.altKey || e.ctrlKey || e.metaKey) return;
      const a = document.activeElement;
      if (a && (panel.contains(a) || /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName))) return;
      const printable = e.key.length === 1, erase = e.key === 'Backspace';
      if (!printable && !erase) return;
      if (erase && (searchText ?? field.dataset.query) === '' ) return;
      e.preventDefault(); e.stopImmediatePropagation();
      if (field.dataset.keyboard === 'limited') { window.__refusedKeys = (window.__refusedKeys || 0) + 1; return; }
      if (searchTemplate !== field.dataset.search || searchText === null) { searchTemplate = field.dataset.search; searchText = field.dataset.query; }
      searchText = erase ? searchText.slice(0, -1) : searchText + e.key;
      window.__tapAt = performance.now();
      post('/event', {ev: 'type', t: field.dataset.search, text: searchText});
    }, true);
    // A drag on a navigation app's map sends its movement in points since the previous report
    // (the host's pan gesture translation), at most every 80 ms; the wheel zooms a step.
    let drag = null;
    car.addEventListener('pointerdown', e => {
      const layer = e.target.closest('.map-template .map-layer');
      if (!layer || e.button !== 0) return;
      const scale = layer.getBoundingClientRect().width / layer.offsetWidth || 1;
      drag = {layer: layer, x: e.clientX, y: e.clientY, scale: scale, dx: 0, dy: 0, moved: false, timer: null};
      layer.setPointerCapture?.(e.pointerId); layer.classList.add('dragging');
    });
    function flushDrag() {
      if (!drag || (!drag.dx && !drag.dy)) return;
      const dx = Math.round(drag.dx * 10) / 10, dy = Math.round(drag.dy * 10) / 10;
      drag.dx = 0; drag.dy = 0;
      window.__tapAt = performance.now();
      post('/event', {ev: 'drag', t: drag.layer.dataset.evRegion, dx: String(dx), dy: String(dy)});
    }
    document.addEventListener('pointermove', e => {
      if (!drag) return;
      drag.dx += (e.clientX - drag.x) / drag.scale; drag.dy += (e.clientY - drag.y) / drag.scale;
      drag.x = e.clientX; drag.y = e.clientY;
      if (Math.abs(drag.dx) + Math.abs(drag.dy) > 2) drag.moved = true;
      if (drag.moved && !drag.timer) drag.timer = setTimeout(() => { if (drag) { drag.timer = null; flushDrag(); } }, 80);
    });
    document.addEventListener('pointerup', () => {
      if (!drag) return;
      if (drag.timer) clearTimeout(drag.timer);
      if (drag.moved) flushDrag();
      drag.layer.classList.remove('dragging'); drag = null;
    });
    car.addEventListener('wheel', e => {
      const layer = e.target.closest('.map-template .map-layer');
      if (!layer || !e.deltaY) return;
      e.preventDefault();
      window.__tapAt = performance.now();
      post('/event', {ev: 'pinch', t: layer.dataset.evRegion, scale: e.deltaY < 0 ? '2' : '0.5'});
    }, {passive: false});
    // Now Playing's elapsed time moves on its own from the rate between updates, as the
    // system extrapolates it.
    let clockShown = 0, clockKey = '';
    function showClock() {
      for (const c of car.querySelectorAll('.np-clock')) {
        const rate = Number(c.dataset.rate), duration = Number(c.dataset.duration);
        const at = Math.min(duration, Number(c.dataset.elapsed) + rate * (performance.now() - clockShown) / 1000);
        const f = s => { s = Math.max(0, Math.round(s)); return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0'); };
        c.querySelector('.np-elapsed').textContent = f(at);
        c.querySelector('.np-remaining').textContent = '-' + f(duration - at);
        c.querySelector('.progress span').style.width = (100 * at / duration).toFixed(1) + '%';
      }
      syncSound();
    }
    setInterval(showClock, 500);
    // Sound: the page plays what the car's app plays — the asset of the Now Playing info the
    // app published, from the elapsed time and at the rate the system extrapolates (bundled
    // sound from this server, streams from their HTTPS address when the browser can reach
    // them) — and follows play, pause, seek and rate. It stays silent until the person turns
    // it on once (browsers refuse sound a person did not ask for).
    const sound = new Audio(), soundButton = document.getElementById('sound');
    let soundOn = false, soundSrc = '', soundKey = '', soundShown = 0;
    // `sync` lets the browser test feed the follower a published state of its own (a long
    // sound it makes itself) and check that the element follows pause, seek and rate.
    window.__sound = {events: [], element: sound, sync: () => syncSound()};
    for (const kind of ['play', 'playing', 'pause', 'ended', 'seeked', 'ratechange', 'error'])
      sound.addEventListener(kind, () => window.__sound.events.push({kind: kind, src: sound.currentSrc || sound.src, at: sound.currentTime, rate: sound.playbackRate}));
    soundButton.addEventListener('click', () => {
      soundOn = !soundOn;
      soundButton.setAttribute('aria-pressed', String(soundOn));
      soundButton.textContent = soundOn ? 'Sound on' : 'Sound off — click to hear';
      soundKey = ''; syncSound();
    });
    function syncSound() {
      const s = car.querySelector('.np-sound');
      if (!s || !soundOn) { if (!sound.paused) sound.pause(); return; }
      const key = [s.dataset.src, s.dataset.elapsed, s.dataset.rate].join('|');
      // A new published state (a seek, a pause, a rate) moves the sound to the engine's time
      // when it is a quarter second off; between states only a drift past 1.5 s is corrected.
      const fresh = key !== soundKey;
      if (fresh) { soundKey = key; soundShown = performance.now(); }
      const src = /^[a-z]+:/i.test(s.dataset.src) ? s.dataset.src : '/assets/' + s.dataset.src;
      if (src !== soundSrc) { soundSrc = src; sound.src = src; }
      const rate = Number(s.dataset.rate);
      const at = Number(s.dataset.elapsed) + rate * (performance.now() - soundShown) / 1000;
      const length = isFinite(sound.duration) ? sound.duration : Infinity;
      if (rate > 0 && at < length) {
        if (sound.playbackRate !== rate) sound.playbackRate = rate;
        if (sound.readyState > 0 && Math.abs(sound.currentTime - at) > (fresh ? 0.25 : 1.5)) sound.currentTime = at;
        if (sound.paused) sound.play().catch(() => {});
      } else if (!sound.paused) {
        sound.pause();
      }
    }
    function typing() {
      const a = document.activeElement;
      return !!a && panel.contains(a) && a.tagName === 'INPUT' && a.type !== 'checkbox' && a.value !== '';
    }
    function showPanel(html) {
      const focused = document.activeElement && panel.contains(document.activeElement) ? document.activeElement.dataset.cmd : undefined;
      morph(panel, html); lastPanel = html; delete panel.dataset.pending;
      if (focused) panel.querySelector('[data-cmd="' + focused + '"]')?.focus();
    }
    async function post(path, body, what, start) {
      start = start ?? performance.now();
      const before = received;
      const r = await fetch(withPage(path), {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
      if (r.ok) {
        const text = await r.text(), answered = performance.now();
        // A fragment the answer leaves out and the page lacks is fetched before the paint
        // is timed; the bytes are all the page received meanwhile, the event stream's too.
        await apply(receive(text));
        timePaint(what || path, start, received - before, answered, performance.now());
        return;
      }
      // A refused event (400) carries the state with the panel's message naming what was wrong.
      const refusal = await r.json().catch(() => null);
      if (refusal && refusal.state) apply(refusal.state);
      window.__refusals = (window.__refusals || []).concat([refusal ? refusal.error : String(r.status)]);
    }
    car.addEventListener('click', e => {
      const el = e.target.closest('[data-ev]');
      window.__tapAt = performance.now();
      if (el) { e.preventDefault(); const d = el.dataset; post('/event', {ev: d.ev, t: d.t, e: d.e ?? (el.closest('[data-pin-id]')?.dataset.pinId), i: d.i, which: d.which}, d.ev + (d.e ? ' ' + d.e : ''), e.timeStamp); return; }
      const pin = e.target.closest('[data-pin-id]');
      if (pin) { const t = pin.closest('[data-template]')?.dataset.template; post('/event', {ev: 'poi', t: t, e: pin.dataset.pinId}, 'poi', e.timeStamp); }
    });
    panel.addEventListener('click', e => {
      const el = e.target.closest('button[data-cmd]');
      if (el) { e.preventDefault(); post('/control', {cmd: el.dataset.cmd, value: el.dataset.value}, el.dataset.cmd + ' ' + (el.dataset.value || ''), e.timeStamp); }
    });
    panel.addEventListener('change', e => {
      const el = e.target.closest('[data-cmd]');
      if (!el) return;
      const value = el.type === 'checkbox' ? String(el.checked) : el.value;
      // After choosing the input, the keyboard belongs to the car's knob, not to the list.
      if (el.dataset.cmd === 'input') el.blur();
      post('/control', {cmd: el.dataset.cmd, value: value}, el.dataset.cmd + ' ' + value, e.timeStamp);
    });
    panel.addEventListener('submit', e => {
      e.preventDefault();
      const f = e.target, data = Object.fromEntries(new FormData(f).entries());
      // Sent: the field gives the panel back, so the answer (the new place, Siri's reply)
      // shows at once instead of waiting for the field to lose focus.
      if (f.dataset.form !== 'drive') f.reset();
      if (panel.contains(document.activeElement)) document.activeElement.blur();
      post('/control', Object.assign({cmd: f.dataset.form}, data));
    });
    panel.addEventListener('focusout', () => setTimeout(() => {
      if (panel.dataset.pending && !typing()) showPanel(panel.dataset.pending);
    }, 0));
    window.addEventListener('resize', () => { fit(); drawScrollIndicators(); });
    document.fonts.ready.then(drawScrollIndicators);
    function connect() {
      const es = new EventSource(withPage('/events'));
      es.onmessage = e => apply(receive(e.data));
      es.onerror = () => { es.close(); setTimeout(connect, 1000); };
    }
    fetch(withPage('/state')).then(r => r.json()).then(apply).then(connect);
    """
}
