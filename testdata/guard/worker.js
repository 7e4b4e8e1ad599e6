// A dedicated worker that reaches B by fetch and by WebSocket.
const B = new URL(location.href).searchParams.get("b");
fetch(B + "/worker", {mode: "no-cors"}).catch(() => {});
try { const ws = new WebSocket(B.replace("http", "ws") + "/worker-ws"); ws.onerror = () => {}; } catch (e) {}
