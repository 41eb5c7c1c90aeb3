// The SHA-256 digest of a snapshot, as hex: the worker takes it when it makes one, and the page
// checks the bytes it reads back against it (snapshot.js).
export async function sha256Hex(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
