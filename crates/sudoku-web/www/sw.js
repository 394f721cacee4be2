const C = "sudoku-__BUILD__";
const FILES = ["./", "index.html", "style.css", "app.js", "worker.js", "engine.js", "sudoku.wasm", "manifest.webmanifest", "icon.svg"];
self.oninstall = e => e.waitUntil(caches.open(C).then(c => c.addAll(FILES.map(f => new Request(f, { cache: "reload" })))).then(() => self.skipWaiting()));
self.onactivate = e => e.waitUntil(caches.keys()
  .then(ks => Promise.all(ks.filter(k => k != C).map(k => caches.delete(k))))
  .then(() => self.clients.claim()));
self.onfetch = e => {
  if (e.request.method == "GET" && e.request.url.startsWith(location.origin))
    e.respondWith(caches.open(C).then(c => c.match(e.request, { ignoreSearch: true }).then(r => r || fetch(e.request).then(n => {
      if (n.ok) c.put(e.request, n.clone());
      return n;
    }))));
};
