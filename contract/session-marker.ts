// No zod here: the browser's first load reads the marker, and zod stays out of it (issue 6).

/**
 * The browser's routing guards read this cookie (spec §4). It holds one of two fixed,
 * pre-hashed role markers. It is NOT a credential: the server never reads it and checks
 * every request's bearer token instead. It only tells the browser which screens to route to.
 */
export const SESSION_COOKIE = 'elNamerEmailSender';
export const SESSION_MARKERS = {
  admin: '7ecfcff522f17ad46deb5bce00e3a3b480eca3aa987b059c764695ebc1619e1d',
  sender: '7d313a794f5b95ce5e8f6b90a26d3f4f963f387867b28236844f45db79438c40',
} as const satisfies Record<'admin' | 'sender', string>;
