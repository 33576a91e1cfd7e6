#include "server/http/server.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <iostream>
#include <mutex>
#include <thread>
#include <vector>

#include "server/accounts/account_store.hpp"
#include "server/archive/game_queries.hpp"
#include "server/archive/leaderboard.hpp"
#include "server/http/connection_limiter.hpp"
#include "server/http/connection_tracker.hpp"
#include "server/http/http_session.hpp"
#include "server/http/metrics.hpp"
#include "server/http/services.hpp"
#include "server/http/task_pool.hpp"
#include "server/puzzles/bundled_puzzles.hpp"
#include "server/puzzles/puzzle_mining.hpp"
#include "server/rooms/clock_watcher.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/seat_sockets.hpp"
#include "server/store/database.hpp"
#include "server/store/engine_claims.hpp"
#include "server/store/game_change_feed.hpp"
#include "server/store/node_leadership.hpp"
#include "server/store/node_registry.hpp"
#include "server/store/shared_rate_bucket.hpp"

namespace dvonn::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// Two file descriptors (a pipe) held back from the connections, so that the
// process still has some when accepting finds none left: it lets them go
// while it sheds idle WebSockets and takes them back once descriptors are
// free again. Without them everything else that needs a descriptor at that
// moment fails too (SQLite's temporary files, and the sanitizers' run-time
// checks, which test memory through a pipe: UBSan then reports a valid
// object as having "an invalid vptr").
class SpareDescriptors {
 public:
  SpareDescriptors() { take(); }
  ~SpareDescriptors() { release(); }
  SpareDescriptors(const SpareDescriptors&) = delete;
  SpareDescriptors& operator=(const SpareDescriptors&) = delete;

  // Takes them back if not held; false when there are none to take.
  bool take() {
    if (fds_[0] >= 0) return true;
    if (pipe2(fds_, O_CLOEXEC) == 0) return true;
    fds_[0] = fds_[1] = -1;
    return false;
  }
  void release() {
    for (int& fd : fds_)
      if (fd >= 0) {
        ::close(fd);
        fd = -1;
      }
  }

 private:
  int fds_[2] = {-1, -1};
};

}  // namespace

struct Server::Impl {
  explicit Impl(ServerConfig c)
      : config(std::move(c)),
        // A read connection for each read thread, and two for the others
        // (the clock watcher, log-ins, a room loaded at once).
        store(std::make_unique<GameStore>(config.db, std::max(1, config.db_threads) + 2)),
        engines(std::make_unique<EngineWorkers>(config.engine_threads, config.engine_hash_megabytes,
                                                config.engine_jobs_per_client, config.engine_jobs_per_account)),
        now_ms(config.now_ms ? config.now_ms : NowMs(system_now_ms)),
        accounts(*store, now_ms),
        relations(*store, now_ms),
        tutorial(*store, now_ms),
        chat(*store),
        watcher(std::make_unique<ClockWatcher>(now_ms, std::chrono::milliseconds(std::max(1, config.clock_tick_ms)))),
        reads(std::make_unique<TaskPool>(config.db_threads, config.db_queue)),
        context{.store = *store,
                .engines = *engines,
                .engine_seconds = config.engine_seconds,
                .hint_seconds = config.hint_seconds,
                .now_ms = now_ms,
                .watcher = watcher.get(),
                .away_claim_ms = config.away_claim_ms},
        registry(context, config.max_rooms),
        lobby(registry, LobbyLimits{.max_open_games = config.max_open_games,
                                    .open_games_per_address = config.open_games_per_address,
                                    .expiry_ms = config.lobby_expiry_ms}),
        queries(*store, accounts),
        files(config.web_root),
        logins_by_address_name(config.logins_per_minute / 60.0, config.logins_per_minute),
        logins_by_address(config.address_logins_per_minute / 60.0, config.address_logins_per_minute),
        auth_queue(std::make_unique<AuthQueue>(config.account_threads, config.login_queue, config.signup_queue)),
        signups_by_address(config.signups_per_hour / 3600.0, config.signups_per_hour),
        guests_by_address(config.guests_per_hour / 3600.0, config.guests_per_hour),
        challenges(*store),
        notifications(*store),
        notifier(notifications, relations, users, now_ms),
        presence(*store, users, now_ms),
        relations_by_user(30 / 60.0, 30),
        challenges_by_user(10 / 60.0, 10),
        matchmaker(registry, context, users, relations),
        tournaments(*store, registry, context, accounts, users,
                    DirectorSettings{.round_pause_ms = config.tournament_round_pause_ms,
                                     .arena_rest_ms = config.tournament_arena_rest_ms,
                                     .daily = config.daily_tournament}),
        tournament_actions_by_user(30 / 60.0, 30),
        leaderboard(*store),
        review_store(*store),
        reviews(std::make_unique<ReviewJobs>(
            *store, review_store, *engines,
            ReviewLimits{.budget = {.depth = config.review_depth, .nodes = config.review_nodes},
                         .run = config.review_run,
                         .nice = config.review_nice,
                         .per_address = config.reviews_per_address,
                         .per_account = config.reviews_per_account},
            now_ms)),
        puzzle_store(*store),
        puzzles(puzzle_store, now_ms),
        puzzle_mining(std::make_unique<PuzzleMining>(
            *store, puzzle_store, *engines,
            PuzzleMiningLimits{.budget = {.depth = 6, .nodes = config.puzzle_nodes, .hash_megabytes = 8},
                               .run = config.puzzle_mining,
                               .nice = config.puzzle_nice,
                               .interval_ms = std::max(1, config.puzzle_mining_interval_ms)},
            now_ms)),
        puzzle_attempts_by_user(config.puzzle_attempts_per_minute / 60.0, config.puzzle_attempts_per_minute),
        analysis(*engines, AnalysisLimits{.depth = config.analysis_depth,
                                          .nodes = config.analysis_nodes,
                                          .seconds = config.analysis_seconds,
                                          .threads = config.analysis_threads,
                                          .nice = config.analysis_nice,
                                          .per_address = config.analyses_per_address}),
        explorer(*store, *engines,
                 ExplorerEngineLimits{.budget = {.depth = config.explorer_depth, .nodes = config.explorer_nodes},
                                      .run = config.explorer_run,
                                      .backfill = config.explorer_backfill,
                                      .per_address = config.explorer_views_per_address,
                                      .per_account = config.explorer_views_per_account},
                 config.explorer_games.empty() ? bundled_engine_games_text() : config.explorer_games),
        api(ApiParts{registry,
                     context,
                     accounts,
                     queries,
                     lobby,
                     files,
                     *reads,
                     logins_by_address_name,
                     logins_by_address,
                     *auth_queue,
                     signups_by_address,
                     guests_by_address,
                     metrics,
                     users,
                     relations,
                     challenges,
                     notifications,
                     notifier,
                     presence,
                     relations_by_user,
                     challenges_by_user,
                     chat,
                     chat_hub,
                     chat_flood,
                     matchmaker,
                     tournaments,
                     tournament_actions_by_user,
                     leaderboard,
                     tutorial,
                     *reviews,
                     explorer,
                     puzzles,
                     puzzle_attempts_by_user,
                     chat_relay()}),
        limiter(config.http_rate, config.http_burst),
        // Behind a proxy every connection comes from the proxy's address:
        // the per-address cap would cap the whole site, so it is off there.
        per_address(config.behind_proxy ? 0 : config.max_connections_per_address),
        services{config,      registry,    api,
                 files,       limiter,     lobby,
                 connections, metrics,     [this] { return metrics_page(); },
                 sockets,     *reads,      users,
                 chat_hub,    tournaments, analysis},
        acceptor(io),
        accept_timer(io),
        lobby_timer(io),
        presence_timer(io),
        pairing_timer(io),
        tournament_timer(io),
        shared_work_timer(io),
        seat_timer(io) {
    users.on_offline([this](std::int64_t user) { matchmaker.went_offline(user); });
    // Many nodes: each node's heartbeat; the seeks, the lobby's creators
    // seen, the tournaments and the header's counts go by the database.
    if (is_postgres_target(config.db)) {
      nodes = std::make_unique<NodeRegistry>(*store);
      matchmaker.share(std::make_unique<SeekTable>(*store, *nodes), [this] { return leads(); });
      tournaments.share([this] { return leads(); }, [this] { return nodes->others_online_users(); });
      lobby.share(*store, now_ms());
      presence.count_others([this] { return nodes->others_online(); });
    }
    context.forget = [this](const std::string& id) { registry.forget(id); };
    context.lobby_changed = [this](const std::string& id) { lobby.refresh(id); };
    context.find = [this](const std::string& id) { return registry.find(id); };
    // Many nodes: what reaches a person on /ws/me reaches their tabs on the
    // other nodes too (pairings, challenges, notifications).
    if (is_postgres_target(config.db))
      users.set_relay([this](std::int64_t user, const std::string& text) {
        // Not once the server stops (the store goes).
        std::lock_guard lock(notifying_mutex);
        if (notifying && !announce_user_message(*store, {user, text}))
          std::cerr << "dvonn serve: a message for user " << user << " is too long for the other nodes\n";
      });
    // A room whose change lost to another server's re-reads its game on
    // the read pool (see notifying: the pool goes before the store).
    // Many nodes: the limits on accounts and on what reaches others hold
    // across them (shared_rate_bucket.hpp).
    if (is_postgres_target(config.db)) {
      auto take = [this](const std::string& key, double rate, double burst) -> std::optional<bool> {
        try {
          bool allowed = false;
          store->read([&](Database* db) { allowed = take_shared_token(db, key, rate, burst, now_ms()); });
          return allowed;
        } catch (const std::exception& e) {
          std::cerr << "dvonn serve: a shared limit (this node's instead): " << e.what() << "\n";
          return std::nullopt;
        }
      };
      logins_by_address_name.share("login-name", take);
      logins_by_address.share("login", take);
      signups_by_address.share("signup", take);
      guests_by_address.share("guest", take);
      relations_by_user.share("relation", take);
      challenges_by_user.share("challenge", take);
      tournament_actions_by_user.share("tournament", take);
      puzzle_attempts_by_user.share("puzzle", take);
    }
    // Many nodes: a request refused by a room's memory of its game, older
    // than the database for a moment, is checked again against the stored
    // game (rooms/game_room_stale.cpp).
    context.many_nodes = is_postgres_target(config.db);
    // Many nodes: an engine move is computed by the node that claims it.
    if (is_postgres_target(config.db))
      context.claim_engine = [this](const std::string& id, std::int64_t version) {
        bool got = false;
        std::string error = store->commit(
            [&](StoreWriter& w) { got = claim_engine_move(w.connection(), id, version, store->node_id(), now_ms()); });
        return error.empty() && got;
      };
    context.background = [this](std::function<void()> task) {
      std::lock_guard lock(notifying_mutex);
      return notifying && reads->post(std::move(task));
    };
    // What each store keeps about a user goes when the account is deleted.
    accounts.add_deletion_step(&RelationStore::forget_user);
    accounts.add_deletion_step(&ChallengeStore::forget_user);
    accounts.add_deletion_step(&NotificationStore::forget_user);
    accounts.add_deletion_step(&ChatStore::forget_user);
    accounts.add_deletion_step(&TutorialStore::forget_user);
    accounts.add_deletion_step(&PuzzleStore::forget_user);
    // Off the store's writer thread (notifying commits a write).
    // Called on the store's writer thread, also while the server stops
    // (the store commits what is queued after the read pool is gone): then
    // the notification is dropped.
    context.game_changed = [this](const RoomChange& change) {
      std::lock_guard lock(notifying_mutex);
      if (!notifying) return;
      reads->post([this, change] { notifier.game_changed(change); });
      // A tournament's game ended: its next pairing need not wait for the
      // sweep.
      if (change.to_move == 0) reads->post([this, id = change.id] { tournaments.game_changed(id); });
      // A game that ended: its placements join the explorer's index.
      if (change.to_move == 0) reads->post([this, id = change.id] { explorer.game_ended(id); });
      // A game ended: the puzzle miner looks at it soon.
      if (change.to_move == 0) puzzle_mining->wake();
    };
    if (config.read_hook) store->set_read_hook(config.read_hook);
    // A review's progress reaches those watching its game and, wherever
    // they are, the person who asked (/ws/me).
    reviews->set_progress([this](const ReviewRow& row, nlohmann::json message) {
      message["type"] = "review-progress";
      if (!row.game_id.empty()) {
        auto text = std::make_shared<const std::string>(message.dump());
        for (const ChatListener& l : chat_hub.listeners(row.game_id)) l.connection->deliver(text);
        // The watchers on the other nodes too (PostgreSQL only): the
        // progress is stored before this call, and they read it back.
        if (is_postgres_target(config.db)) {
          std::lock_guard lock(notifying_mutex);
          if (notifying) announce_review_progress(*store, {row.game_id, row.id});
        }
      }
      if (row.user_id) users.send(row.user_id, message);
    });
    // Many nodes: which node has a seat's sockets open (the seat is away
    // once none has).
    if (is_postgres_target(config.db)) {
      seat_sockets = std::make_unique<SeatSockets>(*store, std::max<std::int64_t>(3, config.seat_socket_stale_ms));
      context.seat_sockets = seat_sockets.get();
    }
    tcp::endpoint endpoint(net::ip::make_address(config.host), config.port);
    acceptor.open(endpoint.protocol());
    acceptor.set_option(net::socket_base::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen(net::socket_base::max_listen_connections);
  }

  // Many nodes on one PostgreSQL database: the other nodes hear of a chat
  // message said here (null: one node).
  std::function<void(const std::string&, std::int64_t)> chat_relay() {
    if (!is_postgres_target(config.db)) return nullptr;
    return [this](const std::string& game, std::int64_t message) { announce_chat(*store, {game, message}); };
  }

  // Every lobby_sweep_ms the open games whose creators left expire, on the
  // read pool (a room may have to be read from the database).
  void sweep_lobby() {
    lobby_timer.expires_after(std::chrono::milliseconds(std::max(1, config.lobby_sweep_ms)));
    lobby_timer.async_wait([this](boost::system::error_code ec) {
      if (ec || stopped_sweeping) return;
      reads->post([this] {
        // Many nodes: every node notes the lobby creators it sees; the
        // leader alone expires (always this node with SQLite).
        lobby.note_creators(now_ms());
        if (!leads()) return;
        lobby.expire(now_ms());
        expire_challenges();
      });
      sweep_lobby();
    });
  }

  // Challenges unanswered for a day expire; both sides' pages drop them.
  void expire_challenges() {
    std::string error;
    for (const Challenge& c : challenges.expire(now_ms() - kChallengeLifetimeMs, error)) {
      nlohmann::json message = {{"type", "challenge-cancelled"}, {"challenge", challenge_json(c)}};
      users.send(c.from.id, message);
      users.send(c.to.id, message);
    }
    if (!error.empty()) std::cerr << "dvonn serve: expiring challenges: " << error << "\n";
  }

  // Every presence_ms the header's counts go to everyone if they changed.
  void tick_presence() {
    presence_timer.expires_after(std::chrono::milliseconds(std::max(1, config.presence_ms)));
    presence_timer.async_wait([this](boost::system::error_code ec) {
      if (ec || stopped_sweeping) return;
      reads->post([this] { presence.tick(); });
      tick_presence();
    });
  }

  // Many nodes: every third of seat_socket_stale_ms this node's seats'
  // sockets are noted as still open, and the leader deletes a dead node's
  // rows, whose seats are then away (seat_sockets.hpp).
  void tick_seat_sockets() {
    if (!seat_sockets) return;
    seat_timer.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(1, seat_sockets->stale_ms() / 3)));
    seat_timer.async_wait([this](boost::system::error_code ec) {
      if (ec || stopped_sweeping) return;
      seat_sockets->refresh();
      if (leads())
        reads->post([this] {
          for (const auto& [game, seat] : seat_sockets->expire()) {
            try {
              if (auto room = registry.find(game)) room->seat_left_elsewhere(seat);
            } catch (const std::exception& e) {
              std::cerr << "dvonn serve: game " << game << ": a dead node's seat: " << e.what() << "\n";
            }
          }
        });
      tick_seat_sockets();
    });
  }

  // Every kPairingSweepMs the seeks whose rating windows widened are paired
  // and the grid of "Play now" recounted, on the read pool (blocks and
  // rooms may be read from the database).
  static constexpr int kPairingSweepMs = 250;
  void sweep_pairing() {
    pairing_timer.expires_after(std::chrono::milliseconds(kPairingSweepMs));
    pairing_timer.async_wait([this](boost::system::error_code ec) {
      if (ec || stopped_sweeping) return;
      if (matchmaker.busy()) reads->post([this] { matchmaker.sweep(); });
      sweep_pairing();
    });
  }

  // Every tournament_sweep_ms the director starts the tournaments whose
  // time came, reads their games' results and pairs, on the read pool.
  void sweep_tournaments() {
    tournament_timer.expires_after(std::chrono::milliseconds(std::max(1, config.tournament_sweep_ms)));
    tournament_timer.async_wait([this](boost::system::error_code ec) {
      if (ec || stopped_sweeping) return;
      reads->post([this] { tournaments.sweep(); });
      sweep_tournaments();
    });
  }

  // Many nodes on one database, every second: this node keeps its engine
  // claims alive, and the leader does what a node that went may have left
  // undone: games whose clock ran out or whose first move is overdue end,
  // engine moves nobody is computing are computed (here). On the read
  // pool: rooms may be read from the database.
  static constexpr int kSharedWorkMs = 1000;
  // A node holding a game ends it on time itself; the leader steps in
  // only when that has not happened a moment after the deadline.
  static constexpr std::int64_t kDueGraceMs = 1000;
  void sweep_shared_work() {
    shared_work_timer.expires_after(std::chrono::milliseconds(kSharedWorkMs));
    shared_work_timer.async_wait([this](boost::system::error_code ec) {
      if (ec || stopped_sweeping) return;
      store->submit([this](StoreWriter& w) { renew_engine_claims(w.connection(), store->node_id(), now_ms()); }, {});
      if (leads()) reads->post([this] { pick_up_shared_work(); });
      sweep_shared_work();
    });
  }
  void pick_up_shared_work() {
    std::vector<std::string> due, idle;
    try {
      due = store->games_due(now_ms() - kDueGraceMs);
      store->read([&](Database* db) { idle = unclaimed_engine_moves(db, now_ms()); });
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: reading other nodes' work: " << e.what() << "\n";
      return;
    }
    // One game that cannot be loaded does not hold up the others.
    auto each = [](const std::vector<std::string>& ids, const std::function<void(const std::string&)>& fn) {
      for (const std::string& id : ids) try {
          fn(id);
        } catch (const std::exception& e) {
          std::cerr << "dvonn serve: game " << id << ": " << e.what() << "\n";
        }
    };
    each(due, [this](const std::string& id) {
      if (auto room = registry.find(id)) room->check_time();
    });
    each(idle, [this](const std::string& id) {
      if (auto room = registry.find(id)) room->resume_engine();
    });
    // Buckets idle for a day are forgotten once a minute, not at every
    // sweep: a full scan of the table each second would cost more than
    // the rows it frees.
    const std::int64_t now = now_ms();
    std::int64_t last = buckets_swept_ms.load();
    const bool sweep_buckets = now - last >= kBucketSweepMs && buckets_swept_ms.compare_exchange_strong(last, now);
    store->submit(
        [this, sweep_buckets, now](StoreWriter& w) {
          drop_spent_engine_claims(w.connection());
          if (sweep_buckets) forget_idle_rate_buckets(w.connection(), now - kDayMs);
        },
        {});
  }
  static constexpr std::int64_t kDayMs = 24 * 3600 * 1000;
  static constexpr std::int64_t kBucketSweepMs = 60'000;
  // When the leader last forgot idle rate buckets (0: not yet).
  std::atomic<std::int64_t> buckets_swept_ms{0};
  // Many nodes: every second this node's heartbeat (with the players
  // connected here) is queued for the store's writer.
  static constexpr int kHeartbeatMs = 1000;
  void beat() {
    node_timer.expires_after(std::chrono::milliseconds(kHeartbeatMs));
    node_timer.async_wait([this](boost::system::error_code ec) {
      if (ec || stopped_sweeping) return;
      nodes->beat(users.online_users());
      // The leader forgets the nodes gone for a day, now and then.
      if (++beats % 3600 == 0 && leads()) nodes->forget_old();
      beat();
    });
  }

  void accept() {
    // The spare descriptors come back first (when free again): the next
    // time accepting finds none, there are some to let go.
    spare.take();
    // Each connection gets its own strand: its handlers never run at the
    // same time, while different connections use all the I/O threads.
    acceptor.async_accept(net::make_strand(io), [this](boost::system::error_code ec, tcp::socket socket) {
      if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
      if (ec && ec != net::error::connection_aborted) return accept_later(ec);
      accept_delay = std::chrono::milliseconds(0);
      if (!ec) admit(std::move(socket));
      accept();
    });
  }

  std::string metrics_page() const {
    Metrics::Gauges g;
    g.lobby_games = lobby.size();
    g.rooms = registry.size();
    g.websockets = connections.websockets();
    g.requests_in_flight = connections.requests_in_flight();
    g.engine_queue = engines->queued();
    g.auth_queue = auth_queue ? auth_queue->waiting() : 0;
    g.db_queue = reads ? reads->waiting() : 0;
    g.store_transactions = store->transactions();
    g.store_errors = store->failed_writes();
    g.store_file_lost = store->file_lost();
    g.room_refreshes_full = registry.refresh_counts().full;
    g.room_refreshes_incremental = registry.refresh_counts().incremental;
    return metrics.text(g);
  }

  // After a failed accept (out of file descriptors): accepting again at once
  // fails again, in a loop that takes a whole core and serves nothing. So
  // the idle WebSockets go first, and accepting waits a little longer each
  // time (up to a second) until a descriptor is free.
  void accept_later(const boost::system::error_code& ec) {
    bool out_of_files = ec == net::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system;
    // Shedding (and whatever runs meanwhile) may need a descriptor itself.
    if (out_of_files) spare.release();
    std::size_t shed = out_of_files ? sockets.shed(kShedPerAttempt) : 0;
    if (accept_delay.count() == 0)
      std::cerr << "dvonn serve: cannot accept connections: " << ec.message() << "; closed " << shed
                << " idle WebSockets, accepting again shortly\n";
    accept_delay = std::clamp(accept_delay * 2, std::chrono::milliseconds(10), std::chrono::milliseconds(1000));
    accept_timer.expires_after(accept_delay);
    accept_timer.async_wait([this](boost::system::error_code wait_ec) {
      if (!wait_ec && acceptor.is_open()) accept();
    });
  }

  // One address has at most its share of connections open; beyond it a new
  // one is closed at once.
  void admit(tcp::socket socket) {
    boost::system::error_code ec;
    auto endpoint = socket.remote_endpoint(ec);
    if (ec) return;
    auto ticket = per_address.admit(endpoint.address().to_string());
    if (!ticket) return;  // the socket closes here
    socket.set_option(tcp::no_delay(true), ec);
    start_http_session(std::move(socket), services, std::move(ticket));
  }

  static constexpr std::size_t kShedPerAttempt = 8;

  ServerConfig config;
  // Destroyed last: pending handlers (holding sessions and rooms) go first.
  net::io_context io;
  std::unique_ptr<GameStore> store;
  std::unique_ptr<EngineWorkers> engines;
  NowMs now_ms;
  AccountStore accounts;
  RelationStore relations;
  TutorialStore tutorial;
  ChatStore chat;
  ChatHub chat_hub;
  ChatFloodGate chat_flood;
  std::unique_ptr<ClockWatcher> watcher;
  std::unique_ptr<TaskPool> reads;
  RoomContext context;
  RoomRegistry registry;
  Lobby lobby;
  GameQueries queries;
  StaticFiles files;
  AddressRateLimiter logins_by_address_name;
  AddressRateLimiter logins_by_address;
  std::unique_ptr<AuthQueue> auth_queue;
  AddressRateLimiter signups_by_address;
  AddressRateLimiter guests_by_address;
  Metrics metrics;
  UserHub users;
  ChallengeStore challenges;
  NotificationStore notifications;
  Notifier notifier;
  Presence presence;
  AddressRateLimiter relations_by_user;
  AddressRateLimiter challenges_by_user;
  Matchmaker matchmaker;
  TournamentDirector tournaments;
  AddressRateLimiter tournament_actions_by_user;
  Leaderboard leaderboard;
  ReviewStore review_store;
  std::unique_ptr<ReviewJobs> reviews;
  PuzzleStore puzzle_store;
  PuzzleService puzzles;
  std::unique_ptr<PuzzleMining> puzzle_mining;
  AddressRateLimiter puzzle_attempts_by_user;
  AnalysisWorkers analysis;
  PlacementExplorer explorer;
  ConnectionTracker connections;
  Api api;
  AddressRateLimiter limiter;
  IdleSockets sockets;
  ConnectionLimiter per_address;
  SpareDescriptors spare;
  Services services;
  tcp::acceptor acceptor;
  net::steady_timer accept_timer;
  net::steady_timer lobby_timer;
  net::steady_timer presence_timer;
  net::steady_timer pairing_timer;
  net::steady_timer tournament_timer;
  net::steady_timer shared_work_timer;
  net::steady_timer seat_timer;
  net::steady_timer node_timer{io};
  std::unique_ptr<NodeRegistry> nodes;  // many nodes (PostgreSQL) only
  std::int64_t beats = 0;
  std::atomic<bool> stopped_sweeping{false};
  std::mutex notifying_mutex;                 // guards notifying and the posts it allows
  bool notifying = true;                      // false once the read pool is about to go
  std::chrono::milliseconds accept_delay{0};  // 0: the last accept worked
  std::vector<std::thread> threads;
  // Other servers' changes (PostgreSQL only); stopped before what it
  // refreshes goes.
  std::unique_ptr<GameChangeFeed> feed;
  // Which node does the work done once (always this one with SQLite).
  std::unique_ptr<NodeLeadership> leadership;
  // Which node has a seat's sockets open (PostgreSQL only).
  std::unique_ptr<SeatSockets> seat_sockets;
  bool leads() const { return leadership && leadership->leader(); }
  bool started = false;
  bool stopped = false;
};

Server::Server(ServerConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {}

Server::~Server() { stop(); }

unsigned short Server::port() const { return impl_->acceptor.local_endpoint().port(); }

std::size_t Server::rooms_in_memory() const { return impl_->registry.size(); }

void Server::start() {
  Impl& s = *impl_;
  if (s.started) return;
  s.started = true;
  // The games are read before serving: a database that cannot be read
  // stops the start here, with a StoreError for the caller to report.
  // Engine games are loaded when opened (their engine then resumes), so a
  // large database does not fill the memory at start.
  s.leadership = std::make_unique<NodeLeadership>(s.config.db);
  // Alive before serving: a seek placed here must not look like a gone
  // node's.
  if (s.nodes) s.nodes->beat_now();
  int timed = s.registry.resume_timed_games();
  if (timed > 0) std::cerr << "dvonn serve: " << timed << " running clocks loaded\n";
  s.lobby.load(*s.store);
  // Many servers on one PostgreSQL database: each hears which games the
  // others changed and refreshes what it holds of them, which pushes the
  // change to its WebSocket clients (the lobby's too).
  if (is_postgres_target(s.config.db))
    s.feed = std::make_unique<GameChangeFeed>(
        s.config.db, s.store->node_id(),
        GameChangeFeed::Listener{.game =
                                     [&s](const GameChange& change) {
                                       if (s.config.feed_hook) s.config.feed_hook();
                                       if (change.id.empty()) {
                                         s.registry.refresh_all();
                                         s.lobby.load(*s.store);
                                         return;
                                       }
                                       s.registry.refresh(change.id, change.version);
                                       if (change.lobby) s.lobby.refresh(change.id);
                                     },
                                 .chat = [&s](const ChatSaid& said) { s.api.chat_heard(said.game, said.message); },
                                 .user = [&s](const UserMessage& m) { s.users.deliver_here(m.user, m.text); },
                                 .review =
                                     [&s](const ReviewProgress& p) {
                                       auto row = s.review_store.find(p.review);
                                       if (!row || row->game_id != p.game) return;
                                       nlohmann::json message = ReviewJobs::status_json(*row);
                                       message["type"] = "review-progress";
                                       auto text = std::make_shared<const std::string>(message.dump());
                                       for (const ChatListener& l : s.chat_hub.listeners(p.game))
                                         l.connection->deliver(text);
                                     }});
  // The tournaments not over go on where they were (their games' results
  // are read at the first sweep).
  s.tournaments.load();
  s.reviews->start();
  // The bundled puzzles and the configured files: loading again adds
  // nothing (a puzzle's id is its position's and answer's hash).
  if (s.config.bundled_puzzles) s.puzzles.load_json(bundled_puzzles_json(), "the bundled puzzles");
  for (const std::string& file : s.config.puzzle_files) s.puzzles.load_file(file);
  s.puzzle_mining->start();
  s.analysis.start();
  s.explorer.start();
  s.accept();
  s.sweep_lobby();
  s.tick_presence();
  s.sweep_pairing();
  s.sweep_tournaments();
  if (is_postgres_target(s.config.db)) s.sweep_shared_work();
  s.tick_seat_sockets();
  if (s.nodes) s.beat();
  for (int i = 0; i < std::max(1, s.config.io_threads); ++i)
    s.threads.emplace_back([&s] {
      // A handler's exception comes out of run(); the others' connections
      // must not go down with it (nor the process, via std::terminate).
      for (;;) {
        try {
          s.io.run();
          return;
        } catch (const std::exception& e) {
          std::cerr << "dvonn serve: a network handler failed: " << e.what() << "\n";
        }
      }
    });
}

void Server::stop() {
  Impl& s = *impl_;
  if (s.stopped) return;
  s.stopped = true;
  // The WebSockets closed below are not players leaving their games.
  s.context.stopping = true;
  // Requests in flight (a move waiting for its commit) are answered and
  // WebSockets closed with 1001 before the network threads stop; the
  // acceptor stays open meanwhile, so new requests get a 503, not a reset.
  if (!s.threads.empty()) {
    auto requests = std::chrono::milliseconds(static_cast<long long>(std::max(0.0, s.config.drain_seconds) * 1000));
    if (!s.connections.drain(requests, std::chrono::seconds(1)))
      std::cerr << "dvonn serve: stopped with " << s.connections.requests_in_flight() << " requests and "
                << s.connections.websockets() << " WebSockets still open\n";
  }
  // The analyses end (their connections are closed or closing).
  s.analysis.stop();
  s.explorer.stop();
  boost::system::error_code ec;
  s.acceptor.close(ec);
  // Another node takes over the work done once without waiting.
  if (s.leadership) s.leadership->resign();
  s.accept_timer.cancel();
  s.stopped_sweeping = true;
  s.lobby_timer.cancel();
  s.presence_timer.cancel();
  s.pairing_timer.cancel();
  s.tournament_timer.cancel();
  s.shared_work_timer.cancel();
  s.seat_timer.cancel();
  s.node_timer.cancel();
  s.io.stop();
  for (auto& t : s.threads) t.join();
  s.threads.clear();
  // No more refreshes from the other servers.
  s.feed.reset();
  // No more clock ends, and the account work queued finishes (it may wait
  // for the store) before the store closes.
  s.watcher->stop();
  {
    std::lock_guard lock(s.notifying_mutex);
    s.notifying = false;
  }
  s.reads.reset();
  s.auth_queue.reset();
  // The review in progress stops after its position; the rest is stored.
  s.reviews->stop();
  // The game being mined stays unmarked: mined again at the next start.
  s.puzzle_mining->stop();
  // Engines first (their results are dropped), then the store, which
  // commits what is queued; its callbacks may still ask for engine moves,
  // which the stopped workers ignore.
  s.engines->stop();
  // The other nodes see this one gone at once (its seeks with it).
  if (s.nodes) s.nodes->leave();
  s.store.reset();
}

}  // namespace dvonn::server
