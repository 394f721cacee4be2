// A tiny static file server for the built site (target/site), for the
// end-to-end tests: node:http on 127.0.0.1, a free port, the MIME types a
// browser insists on (application/wasm for instantiateStreaming, a
// JavaScript type for modules and workers), no caching headers.
//
//   const server = await serve('/path/to/target/site');
//   server.url          // "http://127.0.0.1:PORT/"
//   server.requests     // [{method, path, status}], for debugging
//   await server.close();
//
// Run directly (`node serve.mjs [DIR] [PORT]`) to look at the site by hand.

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const MIME = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** The MIME type of a file name (manifest.json counts as a web app manifest). */
export function mimeType(name) {
  if (name.endsWith("manifest.json")) return "application/manifest+json; charset=utf-8";
  return MIME[extname(name).toLowerCase()] ?? "application/octet-stream";
}

/**
 * Serves the files under `root` on 127.0.0.1 (port 0: any free port).
 * `extra` maps paths to HTML served beside the site (a blank page of the
 * same origin, say, to set up localStorage before the app loads).
 */
export async function serve(root, port = 0, extra = {}) {
  const base = resolve(root);
  const requests = [];
  const server = createServer(async (req, res) => {
    const record = { method: req.method, path: req.url, status: 0 };
    requests.push(record);
    const send = (status, headers, body) => {
      record.status = status;
      res.writeHead(status, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    };
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(405, { "content-type": "text/plain", allow: "GET, HEAD" }, "method not allowed\n");
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    } catch {
      send(400, { "content-type": "text/plain" }, "bad path\n");
      return;
    }
    if (Object.hasOwn(extra, path)) {
      send(200, { "content-type": "text/html; charset=utf-8" }, extra[path]);
      return;
    }
    if (path.endsWith("/")) path += "index.html";
    const file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      send(403, { "content-type": "text/plain" }, "forbidden\n");
      return;
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error("not a file");
      const body = await readFile(file);
      send(200, { "content-type": mimeType(file), "content-length": body.length }, body);
    } catch {
      send(404, { "content-type": "text/plain" }, "not found\n");
    }
  });
  await new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", ok);
  });
  server.unref();
  const { port: actual } = server.address();
  return {
    url: `http://127.0.0.1:${actual}/`,
    port: actual,
    requests,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? resolve(fileURLToPath(import.meta.url), "../../../../target/site");
  const server = await serve(root, Number(process.argv[3] ?? 8000));
  server.requests.push = function (r) {
    setImmediate(() => console.log(r.status, r.method, r.path));
    return Array.prototype.push.call(this, r);
  };
  console.log(`serving ${root} at ${server.url}`);
  // Keep the process alive (the server is unref'd for the tests).
  setInterval(() => {}, 1 << 30);
}
