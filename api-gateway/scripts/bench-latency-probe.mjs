// A latency probe for `bench-gateway.mjs`, in a process of its own so that the load the benchmark
// generates does not delay its clock: GETs `url` one at a time over one kept-alive connection for
// `seconds`, and prints the p50 and p99 of their times in milliseconds, to the microsecond.
import http from 'node:http';

const [url, seconds] = [process.argv[2], Number(process.argv[3])];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });

const times = [];
const until = performance.now() + seconds * 1000;
// Bounded: at most 100,000 probes, one at a time, 2 ms apart.
while (performance.now() < until && times.length < 100_000) {
  times.push(await get());
  await new Promise((resolve) => setTimeout(resolve, 2));
}
agent.destroy();
times.sort((a, b) => a - b);
const at = (share) => times[Math.min(times.length - 1, Math.floor(times.length * share))];
console.log(JSON.stringify({ p50: at(0.5), p99: at(0.99), count: times.length }));
