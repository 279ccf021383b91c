// The yardsticks `bench-gateway.mjs` measures the gateway against, each in its own process as the
// gateway is: `echo` is a bare Koa app that reads a JSON body and sends it back (GET answers a
// fixed JSON); `static <root>` is a bare Koa app serving a folder with @koa/send, no compression.
import { send } from '@koa/send';
import Koa from 'koa';

const [mode, port, root] = process.argv.slice(2);
const app = new Koa();
// A client that leaves mid-answer (autocannon stopping) is not worth a stack trace.
app.silent = true;

if (mode === 'echo') {
  app.use(async (ctx) => {
    if (ctx.method !== 'POST') {
      ctx.body = { status: 'ok' };
      return;
    }
    const chunks = [];
    for await (const chunk of ctx.req) chunks.push(chunk);
    ctx.body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  });
} else {
  app.use(async (ctx) => {
    await send(ctx, ctx.path === '/' ? '/index.html' : ctx.path, { root });
  });
}

app.listen(Number(port), '127.0.0.1');
