// The notifications benchmark's HTTP client and the figures it works out.
import http from 'node:http';

// HTTP: each caller its own kept-alive connection, so the concurrent getprofile calls never queue
// behind the send on the client side; the waiting measured is the server's.

export function client() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (baseUrl, method, target, { token, bearer, json } = {}) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const headers = { 'accept-language': 'en' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined)
      Object.assign(headers, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(new URL(target, baseUrl), { method, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const ms = performance.now() - started;
          if (res.statusCode !== 200)
            reject(new Error(`${method} ${target}: ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve({ ms, body: JSON.parse(text) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  };
}

export const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, median: sorted[Math.floor((sorted.length - 1) / 2)], max: sorted.at(-1) ?? NaN };
};

export const f1 = (value) => value.toFixed(1);
