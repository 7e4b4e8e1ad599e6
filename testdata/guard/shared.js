// A shared worker that reaches B by fetch.
const B = new URL(location.href).searchParams.get("b");
fetch(B + "/shared", {mode: "no-cors"}).catch(() => {});
