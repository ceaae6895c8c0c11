// Fails fast with a clear message when a suite needs services that are not configured.
const missing = process.argv.slice(2).filter((name) => !process.env[name]);
if (missing.length) {
  console.error(
    `This suite needs ${missing.join(' and ')}, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 (see README).`,
  );
  process.exit(1);
}
