import { atom, createStore } from 'jotai';

/**
 * The one jotai store of the app, shared by React (through its Provider) and by code outside
 * React such as the API transport.
 */
export const store = createStore();

/** The identity provider's ID token of the signed-in user; empty when signed out. */
export const tokenAtom = atom('');
