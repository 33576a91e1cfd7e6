// The JSON API under /api/ (docs/server-api.md, docs/community-api.md),
// independent of the HTTP library: a request is a method, a path, a query,
// a body and a few headers; the answer may come later and from another
// thread (moves wait for their commit, passwords are hashed on a worker).
// Every endpoint is one row of the route table (api_routes.cpp).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "server/accounts/account_store.hpp"
#include "server/accounts/auth_queue.hpp"
#include "server/accounts/relation_store.hpp"
#include "server/accounts/tutorial_store.hpp"
#include "server/archive/game_queries.hpp"
#include "server/archive/leaderboard.hpp"
#include "server/base/user_hub.hpp"
#include "server/chat/chat_audience.hpp"
#include "server/chat/chat_flood_gate.hpp"
#include "server/chat/chat_hub.hpp"
#include "server/chat/chat_store.hpp"
#include "server/explorer/placement_explorer.hpp"
#include "server/http/api_route.hpp"
#include "server/http/http_reply.hpp"
#include "server/http/metrics.hpp"
#include "server/http/rate_limiter.hpp"
#include "server/http/static_files.hpp"
#include "server/http/task_pool.hpp"
#include "server/pairing/matchmaker.hpp"
#include "server/puzzles/puzzle_service.hpp"
#include "server/review/review_jobs.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/room_registry.hpp"
#include "server/social/challenge_store.hpp"
#include "server/social/notification_store.hpp"
#include "server/social/notifier.hpp"
#include "server/social/presence.hpp"
#include "server/tournaments/tournament_director.hpp"

namespace dvonn::server {

struct ApiRequest {
  std::string method;
  std::string path;   // percent-decoded, no query
  std::string query;  // after '?', raw
  std::string body;
  std::string cookie;        // the Cookie header
  std::string content_type;  // the Content-Type header
  std::string address;       // the client's address
  bool secure = false;       // over TLS (to a trusted proxy): Secure cookies
};

// Who is asking: the session's user (if any) and its token.
struct ApiCaller {
  std::optional<User> user;
  std::string token;
  std::string address;
};

// A request matched to its route: what a handler gets.
struct ApiCall {
  const ApiRequest& request;
  std::vector<std::string> params;  // the path's {} segments, in order
  const ApiCaller& caller;
  nlohmann::json body;  // parsed as the route's Body says (null for None)
};

// What the API works with.
struct ApiParts {
  RoomRegistry& registry;
  RoomContext& context;
  AccountStore& accounts;
  GameQueries& queries;
  Lobby& lobby;
  const StaticFiles& files;
  // The database reads (sessions, lists, profiles, games not in memory):
  // off the network threads, bounded (503 when full).
  TaskPool& reads;
  AddressRateLimiter& logins_by_address_name;
  AddressRateLimiter& logins_by_address;
  AuthQueue& auth_queue;
  AddressRateLimiter& signups_by_address;
  AddressRateLimiter& guests_by_address;
  Metrics& metrics;
  UserHub& users;            // who is connected to /ws/me, and what reaches them there
  RelationStore& relations;  // follows and blocks
  // Friends, challenges, notifications and presence (server/social).
  ChallengeStore& challenges;
  NotificationStore& notifications;
  Notifier& notifier;
  Presence& presence;
  AddressRateLimiter& relations_by_user;   // follows and blocks, per user
  AddressRateLimiter& challenges_by_user;  // challenges sent, per user
  // The games' chat (server/chat).
  ChatStore& chat;            // the games' chat, its reports, the chat setting
  ChatHub& chat_hub;          // the games' WebSocket connections, for chat
  ChatFloodGate& chat_flood;  // how often each user may speak
  Matchmaker& pairing;        // "Play now": seeks and their pairing
  // Tournaments (server/tournaments), and how often one user may act on
  // them (create, join, withdraw, engines, start, cancel).
  TournamentDirector& tournaments;
  AddressRateLimiter& tournament_actions_by_user;
  Leaderboard& leaderboard;  // the top players of each time-control family
  TutorialStore& tutorial;   // the tutorial steps each account finished
  ReviewJobs& reviews;       // game review jobs (server/review)
  // The placement explorer (server/explorer).
  PlacementExplorer& explorer;
  // Puzzles (server/puzzles), and how often one user (or address) may
  // send an attempt.
  PuzzleService& puzzles;
  AddressRateLimiter& puzzle_attempts_by_user;
  // Many nodes on one PostgreSQL database: a chat message stored here, for
  // the other nodes to push to their connections (null: one node).
  std::function<void(const std::string& game_id, std::int64_t message_id)> chat_said = nullptr;
};

class Api {
 public:
  explicit Api(ApiParts parts) : p_(parts) {}

  // respond is called exactly once; an exception (a storage error) becomes a
  // 500. A request that reads the database (needs_database) is answered from
  // the read pool, the others at once on the caller's (network) thread.
  void handle(const ApiRequest& request, Respond respond);
  // Whether answering reads the database: a session to look up, or a route
  // that reads it (a list, a profile, a game that is not in memory).
  bool needs_database(const ApiRequest& request) const;

  // The user of a Cookie header's session (nullopt: none, unknown or
  // expired). Reads the database; throws StoreError.
  std::optional<User> cookie_user(std::string_view cookie) const;

  // A chat message of a user in a game (POST /api/games/{id}/chat, and a
  // {"type": "chat"} message on the game's WebSocket): checked, stored, then
  // pushed to those watching who may see it; the answer as for the POST.
  // Reads and writes the database: never on a network thread.
  HttpReply say_in_chat(const std::string& game_id, const User& user, const std::string& text);
  // A chat message another node stored: pushed to this node's connections
  // of the game that may see it (as say_in_chat does). Reads the database.
  void chat_heard(const std::string& game_id, std::int64_t message_id);

  // The route table: every endpoint of the API.
  static std::span<const ApiRoute> routes();

 private:
  // route, with an exception answered as a 500.
  void answer(const ApiRequest& request, const Respond& respond);
  void route(const ApiRequest& request, Respond respond);
  // Sign-ups, log-ins and guests run on the auth queue's lane (password
  // hashing); a full lane answers 503 at once, an exception becomes a 500.
  void post_auth(AuthQueue::Lane lane, const std::string& address, const std::string& what,
                 std::function<HttpReply()> work, Respond respond);
  // POST /api/games and POST /api/lobby (listed).
  void create(const nlohmann::json& request, const ApiCaller& caller, bool listed, Respond respond);
  void join(const std::string& id, const ApiCaller& caller, Respond respond);
  // The room of a move, undo, hint or resign with the body's seat token,
  // or null after answering why not.
  std::shared_ptr<GameRoom> seat_request(const ApiCall& call, std::string& token, const Respond& respond);
  // The rematch request of a seat's token; asked again (at most `tries`
  // more times) when refused by a stale memory of the game (many nodes:
  // GameRoom::recheck).
  void rematch(const std::shared_ptr<GameRoom>& room, const std::string& token, Respond respond, int tries);
  // Pushes a stored chat message to this node's connections of its game
  // that may see it; returns the message as the API shows it.
  nlohmann::json push_chat(const ChatGame& game, const ChatMessage& message);

  // The handlers, one per route (api_games.cpp, api_accounts.cpp,
  // api_lobby.cpp, api_lists.cpp).
  void create_game(const ApiCall& call, Respond respond);
  void game_state(const ApiCall& call, Respond respond);
  void game_record(const ApiCall& call, Respond respond);
  void game_seat(const ApiCall& call, Respond respond);
  void join_game(const ApiCall& call, Respond respond);
  void play_move(const ApiCall& call, Respond respond);
  void undo_move(const ApiCall& call, Respond respond);
  void resign_game(const ApiCall& call, Respond respond);
  void abort_game(const ApiCall& call, Respond respond);
  void hint(const ApiCall& call, Respond respond);
  void languages(const ApiCall& call, Respond respond);
  void signup(const ApiCall& call, Respond respond);
  void login(const ApiCall& call, Respond respond);
  void guest(const ApiCall& call, Respond respond);
  void logout(const ApiCall& call, Respond respond);
  void lobby_list(const ApiCall& call, Respond respond);
  void lobby_create(const ApiCall& call, Respond respond);
  void lobby_join(const ApiCall& call, Respond respond);
  void lobby_cancel(const ApiCall& call, Respond respond);
  void me(const ApiCall& call, Respond respond);
  void my_games(const ApiCall& call, Respond respond);
  void profile(const ApiCall& call, Respond respond);
  void archive(const ApiCall& call, Respond respond);
  void live(const ApiCall& call, Respond respond);
  // Your account and the statistics (api_account.cpp).
  void user_stats(const ApiCall& call, Respond respond);
  void change_password(const ApiCall& call, Respond respond);
  void export_games(const ApiCall& call, Respond respond);
  void delete_account(const ApiCall& call, Respond respond);
  // Rematch, takeback, claim (api_gameplay.cpp).
  void rematch_game(const ApiCall& call, Respond respond);
  void rematch_decline(const ApiCall& call, Respond respond);
  void takeback_request(const ApiCall& call, Respond respond);
  void takeback_accept(const ApiCall& call, Respond respond);
  void takeback_decline(const ApiCall& call, Respond respond);
  void claim_win(const ApiCall& call, Respond respond);
  // api_social.cpp: friends, blocks, challenges, notifications, presence.
  void follow_user(const ApiCall& call, Respond respond);
  void block_user(const ApiCall& call, Respond respond);
  void my_friends(const ApiCall& call, Respond respond);
  void my_blocks(const ApiCall& call, Respond respond);
  void challenge_create(const ApiCall& call, Respond respond);
  void challenge_accept(const ApiCall& call, Respond respond);
  void challenge_decline(const ApiCall& call, Respond respond);
  void challenge_cancel(const ApiCall& call, Respond respond);
  void my_challenges(const ApiCall& call, Respond respond);
  void my_notifications(const ApiCall& call, Respond respond);
  void read_notifications(const ApiCall& call, Respond respond);
  void presence(const ApiCall& call, Respond respond);
  // A page of whom the caller follows (friends: with online and playing)
  // or blocks.
  void relation_page(const ApiCall& call, bool friends, Respond respond);
  // The pending challenge of the path that the caller may answer (as the
  // challenged, or as the challenger to cancel); nullopt after answering.
  std::optional<Challenge> answerable_challenge(const ApiCall& call, bool challenged, const Respond& respond);
  // api_chat.cpp.
  void chat_say(const ApiCall& call, Respond respond);
  void chat_read(const ApiCall& call, Respond respond);
  void chat_report(const ApiCall& call, Respond respond);
  void settings(const ApiCall& call, Respond respond);
  // api_seeks.cpp
  void seek_grid(const ApiCall& call, Respond respond);
  void seek_create(const ApiCall& call, Respond respond);
  void seek_cancel(const ApiCall& call, Respond respond);
  // api_tournaments.cpp
  void tournament_list(const ApiCall& call, Respond respond);
  void tournament_create(const ApiCall& call, Respond respond);
  void tournament_view(const ApiCall& call, Respond respond);
  void tournament_join(const ApiCall& call, Respond respond);
  void tournament_withdraw(const ApiCall& call, Respond respond);
  void tournament_engine(const ApiCall& call, Respond respond);
  void tournament_start(const ApiCall& call, Respond respond);
  void tournament_cancel(const ApiCall& call, Respond respond);
  bool tournament_action(const ApiCall& call, const Respond& respond);
  // api_leaderboard.cpp
  void leaderboard(const ApiCall& call, Respond respond);
  // api_tutorial.cpp: the tutorial's progress of an account.
  void tutorial_progress(const ApiCall& call, Respond respond);
  void tutorial_finish(const ApiCall& call, Respond respond);
  // api_reviews.cpp: game review.
  void review_request(const ApiCall& call, Respond respond);
  void review_of_game(const ApiCall& call, Respond respond);
  void review_import(const ApiCall& call, Respond respond);
  void review_read(const ApiCall& call, Respond respond);
  // api_explorer.cpp: the placement explorer.
  void explorer(const ApiCall& call, Respond respond);
  void explorer_engine(const ApiCall& call, Respond respond);
  // api_puzzles.cpp: puzzles.
  void puzzle_next(const ApiCall& call, Respond respond);
  void puzzle_daily(const ApiCall& call, Respond respond);
  void puzzle_show(const ApiCall& call, Respond respond);
  void puzzle_attempt(const ApiCall& call, Respond respond);
  void my_puzzles(const ApiCall& call, Respond respond);

  ApiParts p_;
};

}  // namespace dvonn::server
