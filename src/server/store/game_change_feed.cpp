#include "server/store/game_change_feed.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <cerrno>
#include <charconv>
#include <iostream>
#include <sstream>

#include "server/base/store_error.hpp"
#include "server/store/database.hpp"
#include "server/store/game_store.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

std::string format_game_change(const std::string& node, const GameChange& change) {
  return node + " " + change.id + " " + std::to_string(change.version) + " " + (change.lobby ? "1" : "0");
}

std::optional<std::pair<std::string, GameChange>> parse_game_change(const std::string& payload) {
  std::istringstream in(payload);
  std::string node, lobby;
  GameChange change;
  if (!(in >> node >> change.id >> change.version >> lobby) || (lobby != "0" && lobby != "1")) return std::nullopt;
  std::string rest;
  if (in >> rest) return std::nullopt;
  change.lobby = lobby == "1";
  return std::pair{node, change};
}

std::string format_chat_said(const std::string& node, const ChatSaid& said) {
  return node + " " + said.game + " " + std::to_string(said.message);
}

std::optional<std::pair<std::string, ChatSaid>> parse_chat_said(const std::string& payload) {
  std::istringstream in(payload);
  std::string node, rest;
  ChatSaid said;
  if (!(in >> node >> said.game >> said.message) || (in >> rest)) return std::nullopt;
  return std::pair{node, said};
}

void announce_chat(GameStore& store, const ChatSaid& said) {
  store.submit(
      [said, node = store.node_id()](StoreWriter& w) {
        Statement(w.connection(), "SELECT pg_notify(?1, ?2)", false)
            .bind(1, std::string(kChatChannel))
            .bind(2, format_chat_said(node, said))
            .run();
      },
      {});
}

std::string format_user_message(const std::string& node, const UserMessage& message) {
  return node + " " + std::to_string(message.user) + " " + message.text;
}

std::optional<std::pair<std::string, UserMessage>> parse_user_message(const std::string& payload) {
  std::size_t a = payload.find(' ');
  std::size_t b = a == std::string::npos ? a : payload.find(' ', a + 1);
  if (b == std::string::npos || a == 0) return std::nullopt;
  std::string node = payload.substr(0, a), user = payload.substr(a + 1, b - a - 1);
  UserMessage message;
  auto [end, ec] = std::from_chars(user.data(), user.data() + user.size(), message.user);
  if (ec != std::errc() || end != user.data() + user.size() || user.empty()) return std::nullopt;
  message.text = payload.substr(b + 1);
  return std::pair{node, message};
}

bool announce_user_message(GameStore& store, const UserMessage& message) {
  std::string payload = format_user_message(store.node_id(), message);
  if (payload.size() > kMaxPayload) return false;
  store.submit(
      [payload](StoreWriter& w) {
        Statement(w.connection(), "SELECT pg_notify(?1, ?2)", false)
            .bind(1, std::string(kUserChannel))
            .bind(2, payload)
            .run();
      },
      {});
  return true;
}

std::string format_review_progress(const std::string& node, const ReviewProgress& progress) {
  return node + " " + progress.game + " " + progress.review;
}

std::optional<std::pair<std::string, ReviewProgress>> parse_review_progress(const std::string& payload) {
  std::istringstream in(payload);
  std::string node, rest;
  ReviewProgress progress;
  if (!(in >> node >> progress.game >> progress.review) || (in >> rest)) return std::nullopt;
  return std::pair{node, progress};
}

void announce_review_progress(GameStore& store, const ReviewProgress& progress) {
  store.submit(
      [payload = format_review_progress(store.node_id(), progress)](StoreWriter& w) {
        Statement(w.connection(), "SELECT pg_notify(?1, ?2)", false)
            .bind(1, std::string(kReviewChannel))
            .bind(2, payload)
            .run();
      },
      {});
}

GameChangeFeed::GameChangeFeed(std::string target, std::string own_node, Listener listener)
    : target_(std::move(target)), own_node_(std::move(own_node)), listener_(std::move(listener)) {
  std::string error;
  if (!connect(&error))
    throw StoreError("cannot listen for other servers' changes on " + database_display_name(target_) + ": " + error);
  thread_ = std::thread([this] { run(); });
}

GameChangeFeed::~GameChangeFeed() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  stop_cv_.notify_all();
  thread_.join();
  PQfinish(conn_);
}

bool GameChangeFeed::connect(std::string* error) {
  PQfinish(conn_);
  conn_ = PQconnectdb(target_.c_str());
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    *error = conn_ ? PQerrorMessage(conn_) : "out of memory";
    return false;
  }
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
  PGresult* r = PQexec(conn_, (std::string("LISTEN ") + kGameChannel + "; LISTEN " + kChatChannel + "; LISTEN " +
                               kUserChannel + "; LISTEN " + kReviewChannel)
                                  .c_str());
  bool ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
  if (!ok) *error = PQerrorMessage(conn_);
  PQclear(r);
  return ok;
}

bool GameChangeFeed::pump() {
  pollfd fd{PQsocket(conn_), POLLIN, 0};
  if (fd.fd < 0) return false;
  int ready = ::poll(&fd, 1, 250);
  if (ready < 0) return errno == EINTR;
  if (ready > 0 && !PQconsumeInput(conn_)) return false;
  while (PGnotify* n = PQnotifies(conn_)) {
    std::string channel = n->relname ? n->relname : "", payload = n->extra ? n->extra : "";
    PQfreemem(n);
    try {
      heard(channel, payload);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: after another server's change (" << payload << "): " << e.what() << "\n";
    }
  }
  return PQstatus(conn_) == CONNECTION_OK;
}

void GameChangeFeed::heard(const std::string& channel, const std::string& payload) {
  if (channel == kGameChannel) {
    auto parsed = parse_game_change(payload);
    if (parsed && parsed->first != own_node_ && listener_.game) listener_.game(parsed->second);
  } else if (channel == kChatChannel) {
    auto parsed = parse_chat_said(payload);
    if (parsed && parsed->first != own_node_ && listener_.chat) listener_.chat(parsed->second);
  } else if (channel == kUserChannel) {
    auto parsed = parse_user_message(payload);
    if (parsed && parsed->first != own_node_ && listener_.user) listener_.user(parsed->second);
  } else if (channel == kReviewChannel) {
    auto parsed = parse_review_progress(payload);
    if (parsed && parsed->first != own_node_ && listener_.review) listener_.review(parsed->second);
  }
}

void GameChangeFeed::run() {
  bool lost = false;
  while (!stopping_) {
    if (!lost) {
      if (pump()) continue;
      lost = true;
      std::cerr << "dvonn serve: lost the connection that hears other servers' changes; connecting again\n";
    }
    std::string error;
    if (connect(&error)) {
      lost = false;
      ++reconnects_;
      std::cerr << "dvonn serve: hearing other servers' changes again\n";
      // What changed meanwhile went unheard: everything held is re-read.
      try {
        if (listener_.game) listener_.game({});
      } catch (const std::exception& e) {
        std::cerr << "dvonn serve: refreshing the games after a reconnect: " << e.what() << "\n";
      }
      continue;
    }
    std::unique_lock lock(mutex_);
    stop_cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_.load(); });
  }
}

}  // namespace dvonn::server
