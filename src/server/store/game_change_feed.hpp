// Many servers on one PostgreSQL database: each tells the others which
// games it changed. A commit that changes a game sends, in the same
// transaction, a NOTIFY on kGameChannel (game_store.cpp); PostgreSQL
// delivers it when the transaction commits and not at all when it rolls
// back. Each server listens on a connection of its own and refreshes what
// it holds in memory of the game (its room, the lobby), which pushes the
// new state to its WebSocket clients. SQLite has one server: no feed.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

struct pg_conn;

namespace dvonn::server {

inline constexpr const char* kGameChannel = "dvonn_games";
// A game's chat message stored by one node, for the others' connections.
inline constexpr const char* kChatChannel = "dvonn_chat";
// A message for a person's /ws/me connections (UserHub::send) on any node.
inline constexpr const char* kUserChannel = "dvonn_users";
// A game review's progress, for the game's watchers on the other nodes.
inline constexpr const char* kReviewChannel = "dvonn_reviews";
// PostgreSQL's limit on a payload is 8000 bytes: a larger message for a
// person reaches only the node that sent it.
inline constexpr std::size_t kMaxPayload = 7900;

// One committed change of a game, as another server hears of it.
struct GameChange {
  std::string id;
  std::int64_t version = 0;  // the game's version after the change
  bool lobby = false;        // the game is (or was) in the lobby
};

// The notification's payload: "<node> <game> <version> <0|1>" (node: the
// server that made the change, GameStore::node_id).
std::string format_game_change(const std::string& node, const GameChange& change);
// The node and the change of a payload; nullopt when it is not one.
std::optional<std::pair<std::string, GameChange>> parse_game_change(const std::string& payload);

// A chat message another node stored (its id in chat_messages).
struct ChatSaid {
  std::string game;
  std::int64_t message = 0;
};
// "<node> <game> <message id>", and back.
std::string format_chat_said(const std::string& node, const ChatSaid& said);
std::optional<std::pair<std::string, ChatSaid>> parse_chat_said(const std::string& payload);

// A message for a person, from another node.
struct UserMessage {
  std::int64_t user = 0;
  std::string text;  // the JSON as sent
};
// "<node> <user> <text>", and back (the text may hold spaces).
std::string format_user_message(const std::string& node, const UserMessage& message);
std::optional<std::pair<std::string, UserMessage>> parse_user_message(const std::string& payload);

// A review's progress stored by another node (its id in reviews): the
// watchers of its game hear it as read back (the finished review is too
// long for a notification).
struct ReviewProgress {
  std::string game;
  std::string review;
};
// "<node> <game> <review id>", and back.
std::string format_review_progress(const std::string& node, const ReviewProgress& progress);
std::optional<std::pair<std::string, ReviewProgress>> parse_review_progress(const std::string& payload);

class GameStore;
// Tells the other nodes of a review's progress stored (PostgreSQL only).
void announce_review_progress(GameStore& store, const ReviewProgress& progress);
// Hands a message for a person to the other nodes (PostgreSQL only);
// false (nothing sent) when it is too long for a notification.
bool announce_user_message(GameStore& store, const UserMessage& message);
// Tells the other nodes of a chat message stored (PostgreSQL only: one
// NOTIFY, committed by the store's writer).
void announce_chat(GameStore& store, const ChatSaid& said);

class GameChangeFeed {
 public:
  // Called on the feed's thread for each change another server made.
  struct Listener {
    // A game changed; an empty id after the connection was lost and made
    // again (changes may have been missed: refresh everything held).
    std::function<void(const GameChange& change)> game;
    std::function<void(const ChatSaid& said)> chat;
    std::function<void(const UserMessage& message)> user;
    std::function<void(const ReviewProgress& progress)> review;
  };

  // Connects to `target` and listens (throws StoreError when it cannot), so
  // no change committed after the constructor returns is missed; then
  // listens on a thread of its own, connecting again (every second) when
  // the connection is lost. Changes of `own_node` are skipped.
  GameChangeFeed(std::string target, std::string own_node, Listener listener);
  // Stops listening; no call of the listener is running after it returns.
  ~GameChangeFeed();
  GameChangeFeed(const GameChangeFeed&) = delete;
  GameChangeFeed& operator=(const GameChangeFeed&) = delete;

  // Times the connection was made again (tests, logs).
  int reconnects() const { return reconnects_; }

 private:
  // Connects and listens; false (and says why, once) when it cannot.
  bool connect(std::string* error);
  void run();
  // Waits on the socket for notifications up to 250 ms; false when the
  // connection is lost.
  bool pump();
  void heard(const std::string& channel, const std::string& payload);

  std::string target_;
  std::string own_node_;
  Listener listener_;
  pg_conn* conn_ = nullptr;
  std::mutex mutex_;
  std::condition_variable stop_cv_;
  std::atomic<bool> stopping_{false};
  std::atomic<int> reconnects_{0};
  std::thread thread_;
};

}  // namespace dvonn::server
