// A service worker that reaches B by fetch as it installs.
const B = new URL(location.href).searchParams.get("b");
self.addEventListener("install", (e) => e.waitUntil(fetch(B + "/service-worker", {mode: "no-cors"}).catch(() => {})));
