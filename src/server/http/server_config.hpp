// What `dvonn serve` is started with (the command's options, or a test's
// settings): addresses, threads, limits and the clock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace dvonn::server {

struct ServerConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (see Server::port)
  std::string db = "dvonn.db";
  std::string web_root;  // "" serves the UI compiled into the binary
  int io_threads = 2;
  int engine_threads = 2;  // 0: the engine never moves (for tests)
  std::size_t engine_hash_megabytes = 16;
  double engine_seconds = 1.0;  // thinking time per engine move
  double hint_seconds = 1.0;
  // Engine searches (engine moves and hints) one address may have queued or
  // running at once; beyond it engine games and hints get 429.
  std::size_t engine_jobs_per_client = 16;
  // The same for the searches a signed-in player's or guest's seats ask
  // for, from any address: one person cannot take all of a shared address's
  // share.
  std::size_t engine_jobs_per_account = 4;
  // HTTP API requests and WebSocket upgrades per second from one address
  // (bursts of http_burst); 0 disables.
  double http_rate = 30;
  double http_burst = 120;
  // Messages per second on one WebSocket (bursts of ws_burst); a client
  // above it is disconnected.
  double ws_rate = 20;
  double ws_burst = 40;
  std::size_t max_message_bytes = 16 * 1024;
  // Log-in attempts a minute per address and name (429 beyond), and per
  // address whatever the names. Never per name alone: anyone could lock
  // anyone out.
  double logins_per_minute = 10;
  double address_logins_per_minute = 30;
  // Sign-ups and guests an hour per address (bursts of as many); 0: no limit.
  double signups_per_hour = 20;
  double guests_per_hour = 20;
  // Password hashing waiting at most (503 with Retry-After beyond): log-ins
  // (and guests) go before sign-ups, so a sign-up flood waits, not them.
  std::size_t login_queue = 64;
  std::size_t signup_queue = 8;
  // The clock clocks and sessions go by, in ms since the epoch; empty: the
  // system clock (tests inject their own).
  std::function<std::int64_t()> now_ms;
  // How often the clock watcher re-checks every running clock (the
  // correspondence sweep); it also wakes at every deadline.
  int clock_tick_ms = 60'000;
  // Threads hashing passwords (and other slow account work).
  int account_threads = 1;
  // Threads reading the database for requests (session look-ups, the lists,
  // profiles, games not in memory), so that the network threads never wait
  // for the disk; at most db_queue requests wait for them (503 with
  // Retry-After beyond).
  int db_threads = 2;
  std::size_t db_queue = 256;
  // Tests: runs before every read of the lists, sessions and profiles (to
  // hold one up and see what else is still served).
  std::function<void()> read_hook;
  // Tests: runs on the change feed's thread before each change of a game
  // another node made is acted on (to hold the feed up: this node's rooms
  // then stay behind the database, as for the moment a NOTIFY takes).
  std::function<void()> feed_hook;
  // Behind a reverse proxy (--behind-proxy): the client's address is the
  // last X-Forwarded-For entry and X-Forwarded-Proto: https means TLS
  // (Secure cookies, HSTS). Off, both headers are ignored: anyone could
  // send them.
  bool behind_proxy = false;
  // GET /metrics is served to clients on this machine; with a token also
  // to anyone sending "Authorization: Bearer TOKEN" (--metrics-token-file).
  std::string metrics_token;
  // At stop (SIGTERM): how long the requests in flight may take to be
  // answered (WebSockets then get 1001 and a second to close).
  double drain_seconds = 10;
  // One JSON line per HTTP request on stderr (--access-log).
  bool access_log = false;
  // Games kept in memory: beyond it the least recently used idle ones are
  // evicted (and reloaded from the database when next opened); 0: no bound.
  std::size_t max_rooms = 1000;
  // Connections (HTTP and WebSocket) one address may have open; beyond it a
  // new one is closed at once. 0: no bound.
  std::size_t max_connections_per_address = 64;
  // The lobby: open games at most, site-wide and per creator's address (0:
  // no bound), and how long an open game stays listed without its creator
  // watching it; expiry is checked every lobby_sweep_ms.
  std::size_t max_open_games = 200;
  std::size_t open_games_per_address = 10;
  std::int64_t lobby_expiry_ms = 3'600'000;
  int lobby_sweep_ms = 60'000;
  // How long a real-time player may be gone before the opponent may claim
  // the win (docs/community-api.md "Rematch, takeback, claim").
  std::int64_t away_claim_ms = 60'000;
  // Many servers on one database: a node's rows of the seats whose sockets
  // it holds are refreshed every third of this; the rows of a node silent
  // for this long (it died) are deleted and their seats may be away.
  std::int64_t seat_socket_stale_ms = 15'000;
  // How often the header's presence counts (players online, games in play)
  // are pushed to everyone when they changed.
  int presence_ms = 2'000;
  // Tournaments (server/tournaments): the server's daily arena (off by
  // default here; `dvonn serve` turns it on unless --no-daily-tournament),
  // how often the director looks at the tournaments (starts, results,
  // pairings) and the pause between a round's last result and the next.
  bool daily_tournament = false;
  int tournament_sweep_ms = 1'000;
  std::int64_t tournament_round_pause_ms = 10'000;
  // An arena player's rest between one game's end and the next pairing.
  std::int64_t tournament_arena_rest_ms = 4'000;
  // Game review jobs (server/review): the budget of each position's search
  // (depth and nodes: reproducible on any machine), whether they run at all
  // (tests: false keeps them queued), and the jobs one address / account may
  // have queued or running.
  int review_depth = 6;
  std::uint64_t review_nodes = 200'000;
  bool review_run = true;
  int review_nice = 19;  // the review thread's nice value (below the engine pool's 10)
  std::size_t reviews_per_address = 2;
  std::size_t reviews_per_account = 1;
  // Puzzles (server/puzzles): the bundled set compiled in, loaded at start
  // (false here for the tests' speed; `dvonn serve` turns it on), more
  // puzzle files to load, and the background mining of finished games
  // (off here, on in `dvonn serve` unless --no-puzzle-mining) with the
  // nodes of each position's search, its nice value and how often it looks
  // for newly finished games.
  bool bundled_puzzles = false;
  std::vector<std::string> puzzle_files;
  bool puzzle_mining = false;
  std::uint64_t puzzle_nodes = 150'000;
  int puzzle_nice = 19;
  int puzzle_mining_interval_ms = 60'000;
  double puzzle_attempts_per_minute = 30;
  // The analysis board (/ws/analysis, server/analysis): the caps of one
  // analysis (the first reached ends it), its workers (0: analyses are
  // queued and never run, for tests) and their nice value, and the
  // analyses one address may have queued or running.
  int analysis_depth = 30;
  std::uint64_t analysis_nodes = 200'000'000;
  double analysis_seconds = 20;
  int analysis_threads = 1;
  int analysis_nice = 19;
  std::size_t analyses_per_address = 2;
  // The placement explorer (server/explorer): the budget of the engine's
  // search of each placement (depth and nodes), whether engine views run
  // at all (tests: false keeps them queued), the views one address (and one
  // signed-in user) may have queued or running, and the engine games' text
  // ("" the bundled set, data/explorer/engine-games.txt).
  int explorer_depth = 4;
  std::uint64_t explorer_nodes = 5000;
  bool explorer_run = true;
  bool explorer_backfill = true;  // false: no indexing of stored games at start (tests)
  std::size_t explorer_views_per_address = 2;
  std::size_t explorer_views_per_account = 2;
  std::string explorer_games;
};

}  // namespace dvonn::server
