/**
 * This response's Content-Security-Policy nonce (server/security-headers.ts), for the inline
 * scripts Remix renders. Browsers hide a nonce from the page, so on the client it is empty.
 */
import { createContext, useContext } from 'react';

export const NonceContext = createContext('');
export const useNonce = () => useContext(NonceContext);
