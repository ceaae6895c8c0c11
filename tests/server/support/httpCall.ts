/**
 * JSON over HTTP to a server a test started itself (a scratch copy, `npm start`): `call(method,
 * url, token?, body?)` answers the status, the text and the parsed body.
 */
export function httpCaller(base: () => string) {
  return async function call<T = Record<string, unknown> & unknown[]>(
    method: string,
    url: string,
    token?: string,
    body?: unknown,
  ) {
    const res = await fetch(`${base()}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) as T };
  };
}
