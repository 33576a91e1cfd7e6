// The signed-in user's channel (/ws/me): what reaches this person wherever
// they are on the site (a pairing found, a challenge, a notification). Open
// while someone is signed in (player or guest), reconnecting with backoff;
// features listen by message type.
import { LiveConnection } from '../api.js';

const listeners = new Map(); // type -> Set of functions
let connection = null;
let connectedUser = null;

// Calls fn(message) for every message of this type; returns the function
// that stops it.
export function onUserMessage(type, fn) {
  if (!listeners.has(type)) listeners.set(type, new Set());
  listeners.get(type).add(fn);
  return () => listeners.get(type).delete(fn);
}

function dispatch(message) {
  const set = listeners.get(message && message.type);
  if (!set) return;
  for (const fn of [...set]) {
    try {
      fn(message);
    } catch (e) {
      console.error(e);
    }
  }
}

// Opens the channel for this user (a name), or closes it (null). Called
// whenever the session changes.
export function syncUserChannel(userName) {
  if (userName === connectedUser) return;
  if (connection) connection.close();
  connection = null;
  connectedUser = userName || null;
  if (!connectedUser) return;
  connection = new LiveConnection(null, null, {
    path: '/ws/me',
    onState: () => {},
    onStatus: (status) => dispatch({ type: 'channel-status', status }),
    onMessage: dispatch,
  });
}

// Sends a message over the channel; false when it is not open.
export function sendUserMessage(message) {
  return connection ? connection.send(message) : false;
}
