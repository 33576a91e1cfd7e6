// The puzzle API (docs/community-api.md "Puzzles").
async function request(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
    cache: 'no-store',
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = new Error((data && data.error) || `HTTP ${res.status}`);
    e.status = res.status;
    throw e;
  }
  return data;
}

export const puzzleApi = {
  next: (after) => request('GET', `/api/puzzles/next${after ? `?after=${encodeURIComponent(after)}` : ''}`),
  daily: () => request('GET', '/api/puzzles/daily'),
  get: (id) => request('GET', `/api/puzzles/${encodeURIComponent(id)}`),
  attempt: (id, moves) => request('POST', `/api/puzzles/${encodeURIComponent(id)}/attempt`, { moves }),
  mine: () => request('GET', '/api/me/puzzles'),
};
