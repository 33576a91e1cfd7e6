// `dvonn serve`: the web game server (src/server/).
#include <signal.h>
#include <sys/resource.h>

#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "server/base/json_log.hpp"
#include "server/http/server.hpp"
#include "server/store/database.hpp"

namespace dvonn::app {
namespace {

// The token of --metrics-token-file: the file's first line, trimmed; ""
// with why_not set when it cannot be used.
std::string read_metrics_token(const std::string& file, std::string& why_not) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line)) {
    why_not = "cannot read the metrics token from " + file;
    return "";
  }
  std::istringstream words(line);
  std::string token, extra;
  words >> token >> extra;
  if (token.size() < 16 || !extra.empty())
    why_not = "the metrics token in " + file + " must be one word of 16 or more characters";
  return token;
}

int run_serve(server::ServerConfig config, const std::string& metrics_token_file, bool json_logs) {
  if (!metrics_token_file.empty()) {
    std::string why_not;
    config.metrics_token = read_metrics_token(metrics_token_file, why_not);
    if (!why_not.empty()) {
      std::cerr << "dvonn serve: " << why_not << "\n";
      return 2;
    }
  }
  // Every log line on stderr becomes a JSON object (errors and the access
  // log alike), for log collectors.
  std::optional<server::JsonLogBuffer> json_log;
  std::streambuf* plain_log = std::cerr.rdbuf();
  if (json_logs) std::cerr.rdbuf(&json_log.emplace(plain_log));
  struct Restore {
    std::streambuf* buf;
    ~Restore() { std::cerr.rdbuf(buf); }
  } restore{plain_log};

  // SIGINT and SIGTERM are blocked before any thread starts (threads inherit
  // the mask), so only sigwait below sees them: a clean stop, not a kill.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  // Every browser tab holds a connection: allow as many open files as the
  // system lets this process have, not the usual default of 1024.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }

  std::unique_ptr<server::Server> s;
  try {
    s = std::make_unique<server::Server>(config);
    // Inside the try: start() reads the games, and a damaged database must
    // give this message and exit status, not an abort.
    s->start();
  } catch (const std::exception& e) {
    std::cerr << "dvonn serve: cannot start on " << config.host << ":" << config.port << " with "
              << server::database_display_name(config.db) << ": " << e.what() << "\n";
    return 1;
  }
  std::string host = config.host;
  if (host == "0.0.0.0" || host == "::") host = "127.0.0.1";
  if (host.find(':') != std::string::npos) host = "[" + host + "]";
  std::cout << "dvonn: open http://" << host << ":" << s->port() << "/" << std::endl;
  int received = 0;
  sigwait(&signals, &received);
  std::cout << "dvonn: stopping (" << (received == SIGINT ? "SIGINT" : "SIGTERM") << ")" << std::endl;
  s->stop();
  return 0;
}

}  // namespace

void register_serve_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<server::ServerConfig>();
  auto log_format = set.keep<std::string>();
  *log_format = "text";
  auto metrics_token_file = set.keep<std::string>();
  auto explorer_games_file = set.keep<std::string>();
  auto* c = app.add_subcommand("serve", "Run the web game server: the browser UI, a JSON API and live WebSocket games");
  c->add_option("--host", o->host, "Address to listen on (0.0.0.0 for every interface)")->capture_default_str();
  c->add_option("--port", o->port, "TCP port to listen on (0 picks a free one)")->capture_default_str();
  c->add_option("--db", o->db,
                "Database holding every game: a SQLite file (created if missing), or a PostgreSQL database as a "
                "postgresql:// URI or a libpq keyword string (host=/run/postgresql dbname=dvonn)")
      ->capture_default_str()
      // SQLite would take "" for a temporary database, lost at exit.
      ->check(CLI::Validator(
          [](std::string& v) {
            return v.empty() ? std::string("needs a file name (an empty one would keep nothing)") : "";
          },
          "FILE"));
  c->add_option("--web-root", o->web_root,
                "Serve the UI from this folder instead of the copy built into the program (UI development)")
      ->check(CLI::ExistingDirectory);
  c->add_flag("--behind-proxy", o->behind_proxy,
              "A reverse proxy (nginx) forwards to this server: take the client's address from the last "
              "X-Forwarded-For entry (rate limits), the site's host from X-Forwarded-Host (Origin check) and TLS "
              "from X-Forwarded-Proto: https (Secure cookies, HSTS). Only behind a proxy that sets them: otherwise "
              "any client could claim any address");
  c->add_option("--drain-seconds", o->drain_seconds,
                "At SIGTERM/SIGINT, how long requests in flight may take to be answered before the server stops "
                "(WebSockets are then closed with 1001)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 600.0));
  // The command's servers make the daily tournament; a test's ServerConfig
  // does not unless the test asks.
  o->daily_tournament = true;
  c->add_flag_callback(
      "--no-daily-tournament", [o] { o->daily_tournament = false; },
      "Do not create the daily tournament (an arena, 5+3, at 18:00 UTC, created a day ahead)");
  // Puzzles: the bundled set and the mining of finished games are on for
  // the command's servers, off in a test's ServerConfig.
  o->bundled_puzzles = true;
  o->puzzle_mining = true;
  c->add_flag_callback(
      "--no-puzzle-mining", [o] { o->puzzle_mining = false; },
      "Do not mine finished games for puzzles in the background (docs/community-api.md \"Puzzles\")");
  c->add_option("--puzzles", o->puzzle_files,
                "A puzzles file (as `dvonn puzzles` writes) to load at start, besides the bundled set; repeatable")
      ->check(CLI::ExistingFile);
  c->add_option("--puzzle-nodes", o->puzzle_nodes, "Puzzle mining: the nodes of each position's search")
      ->capture_default_str()
      ->check(CLI::Range(1000, 100'000'000));
  c->add_flag("--access-log", o->access_log,
              "Log every HTTP request as one JSON line on stderr (time_ms, address, method, path without the "
              "query, status, ms)");
  c->add_option("--log-format", *log_format,
                "text: plain lines on stderr; json: one JSON object a line ({\"time_ms\", \"message\"}; access "
                "log lines as they are)")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));
  c->add_option("--db-threads", o->db_threads,
                "Threads reading the database for requests (sessions, lists, profiles, games not in memory), off "
                "the network threads")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  c->add_option("--db-queue", o->db_queue,
                "Requests that may wait for a database thread; beyond it a request gets 503 with Retry-After")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  c->add_option("--max-rooms", o->max_rooms,
                "Games kept in memory; beyond it the least recently used idle games are evicted and reloaded from "
                "the database when next opened (0: no bound)")
      ->capture_default_str();
  c->add_option("--engine-jobs-per-address", o->engine_jobs_per_client,
                "Engine searches (engine moves and hints) one client address may have queued or running at once; "
                "beyond it engine games, their moves and hints get 429")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  c->add_option("--engine-jobs-per-account", o->engine_jobs_per_account,
                "The same for the seats of one signed-in player or guest, from any address")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  c->add_option("--review-depth", o->review_depth,
                "Game review: the search depth of each position (with --review-nodes, a fixed budget: the same "
                "review on any machine)")
      ->capture_default_str()
      ->check(CLI::Range(1, 40));
  c->add_option("--review-nodes", o->review_nodes, "Game review: the nodes each position's search may take")
      ->capture_default_str()
      ->check(CLI::Range(1000, 1000000000));
  c->add_option("--reviews-per-address", o->reviews_per_address,
                "Game reviews one client address may have queued or running at once (429 beyond)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  c->add_option("--explorer-nodes", o->explorer_nodes,
                "Placement explorer: the nodes the engine's search of each placement may take (a fixed budget)")
      ->capture_default_str()
      ->check(CLI::Range(100, 100000000));
  c->add_option("--explorer-games", *explorer_games_file,
                "Placement explorer: the engine games to offer (dvonn explorer generate's file); default the set "
                "compiled in (data/explorer/engine-games.txt)")
      ->check(CLI::ExistingFile);
  c->add_option("--analysis-seconds", o->analysis_seconds,
                "Analysis board: the seconds one analysis may search (it ends at the first of --analysis-seconds, "
                "--analysis-depth and --analysis-nodes)")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  c->add_option("--analysis-depth", o->analysis_depth, "Analysis board: the depth at which an analysis ends")
      ->capture_default_str()
      ->check(CLI::Range(1, 60));
  c->add_option("--analysis-nodes", o->analysis_nodes, "Analysis board: the nodes at which an analysis ends")
      ->capture_default_str()
      ->check(CLI::Range(1000ull, 100'000'000'000ull));
  c->add_option("--analysis-threads", o->analysis_threads,
                "Analysis board: the threads searching analyses, at nice 19 (0: analyses are queued, never run)")
      ->capture_default_str()
      ->check(CLI::Range(0, 64));
  c->add_option("--analyses-per-address", o->analyses_per_address,
                "Analysis board: the analyses one client address may have queued or running at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  c->add_option("--max-connections-per-address", o->max_connections_per_address,
                "Connections (HTTP and WebSocket) one client address may have open at once (0: no bound; off with "
                "--behind-proxy, where every connection comes from the proxy)")
      ->capture_default_str();
  c->add_option("--http-rate", o->http_rate,
                "API requests (and WebSocket openings) a second one client address may make on average, in bursts "
                "of four times as many; beyond it 429 (0: no limit; behind nginx, its limit_req holds the site's)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 100000.0))
      ->each([o](const std::string& rate) { o->http_burst = 4 * std::stod(rate); });
  c->add_option("--signups-per-hour", o->signups_per_hour,
                "Sign-ups one client address may make an hour (0: no limit; a school or office behind one address "
                "may need more)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 100000.0));
  c->add_option("--guests-per-hour", o->guests_per_hour,
                "Guest log-ins one client address may make an hour (0: no limit)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 100000.0));
  c->add_option("--max-open-games", o->max_open_games,
                "Open games the lobby lists at most; beyond it a new lobby game gets 429 (0: no bound)")
      ->capture_default_str();
  c->add_option("--open-games-per-address", o->open_games_per_address,
                "Open lobby games one client address may have at once (0: no bound)")
      ->capture_default_str();
  c->add_option_function<double>(
       "--lobby-expiry-minutes",
       [o](double minutes) { o->lobby_expiry_ms = static_cast<std::int64_t>(minutes * 60'000); },
       "An open lobby game is withdrawn after this long without its creator watching it (default 60)")
      ->check(CLI::Range(1.0, 10080.0));
  c->add_option_function<double>(
       "--away-claim-seconds", [o](double seconds) { o->away_claim_ms = static_cast<std::int64_t>(seconds * 1000); },
       "A real-time player with no page of the game open this long loses the game if the opponent claims it "
       "(default 60)")
      ->check(CLI::Range(1.0, 3600.0));
  c->add_option("--metrics-token-file", *metrics_token_file,
                "GET /metrics is served to clients on this machine only; with a token (the first line of this "
                "file, 16 characters or more) also to anyone sending \"Authorization: Bearer TOKEN\" (Prometheus' "
                "bearer_token_file)")
      ->check(CLI::ExistingFile);
  c->footer(
      "Open the printed address in a browser. Games are saved to the database as they are played: stop the server "
      "with Ctrl-C (or SIGTERM) and start it again on the same --db, and every game continues where it was. See "
      "docs/server.md. GET /metrics gives the server's figures in the Prometheus text format, to clients on this "
      "machine (or with --metrics-token-file).");
  set.add(c, [o, log_format, metrics_token_file, explorer_games_file] {
    if (!explorer_games_file->empty()) o->explorer_games = read_text(*explorer_games_file);
    return run_serve(*o, *metrics_token_file, *log_format == "json");
  });
}

}  // namespace dvonn::app
