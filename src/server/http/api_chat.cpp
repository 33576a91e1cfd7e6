// A game's chat (docs/community-api.md, "Chat"): saying something, reading
// the chat back (a replay, a reloaded page), reporting a message, and the
// chat setting of an account. A message is committed, then pushed to the
// game's WebSocket connections that may see it.
#include <algorithm>

#include "server/chat/chat_audience.hpp"
#include "server/chat/chat_text.hpp"
#include "server/http/api.hpp"
#include "server/http/paging_params.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

constexpr std::int64_t kChatPage = 100;
constexpr std::int64_t kChatPageMax = 500;
constexpr std::size_t kReasonMaxChars = 500;

HttpReply answer_json(const json& body, int status = 200) {
  HttpReply h;
  h.status = status;
  h.body = body.dump();
  return h;
}

ChatGame chat_game(const GameRoom& room) {
  GameRoom::People p = room.people();
  return {p.online, p.rated, p.over, p.white_user, p.black_user};
}

// A message id of a path: a whole number above 0.
bool message_id(const std::string& text, std::int64_t& id) {
  if (text.empty() || text.size() > 18) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  id = std::stoll(text);
  return id > 0;
}

}  // namespace

void Api::chat_say(const ApiCall& call, Respond respond) {
  auto text_field = call.body.find("text");
  if (text_field == call.body.end() || !text_field->is_string())
    return respond(json_error(400, "a chat message needs \"text\": a string"));
  respond(say_in_chat(call.params[0], *call.caller.user, text_field->get<std::string>()));
}

HttpReply Api::say_in_chat(const std::string& id, const User& user, const std::string& text_said) {
  auto room = p_.registry.find(id);
  if (!room) return json_error(404, "no game with id " + id);
  ChatGame game = chat_game(*room);
  ChatPermission may = chat_permission(game, {user.id, user.guest});
  if (!may.channel) return json_error(may.status, may.error);
  ChatMessage message;
  if (auto why = check_chat_text(text_said, message.text); !why.empty()) return json_error(400, why);
  if (!p_.chat.chat_enabled(user.id)) return json_error(403, "your chat is off: turn it on in your settings to chat");
  if (p_.chat.banned(user.id)) return json_error(403, "this account is banned");
  std::int64_t now = p_.context.now_ms();
  if (!p_.chat_flood.allow(user.id, now))
    return json_error(429, "too many chat messages: at most " + std::to_string(kChatBurst) + " in " +
                               std::to_string(kChatWindowMs / 1000) + " seconds");
  message.game_id = id;
  message.channel = *may.channel;
  message.user_id = user.id;
  message.name = user.name;
  message.time_ms = now;
  if (auto error = p_.chat.add(message); !error.empty()) {
    p_.chat_flood.refund(user.id);
    return json_error(503, "storage error: the message was not saved");
  }
  // Stored: now to whoever watches and may see it, here and on the other
  // nodes.
  json shown = push_chat(game, message);
  if (p_.chat_said) p_.chat_said(id, message.id);
  return answer_json({{"message", shown}}, 201);
}

json Api::push_chat(const ChatGame& game, const ChatMessage& message) {
  json shown = chat_message_json(message);
  auto text = std::make_shared<const std::string>(json{{"type", "chat"}, {"message", shown}}.dump());
  std::vector<ChatListener> listeners = p_.chat_hub.listeners(message.game_id);
  std::vector<std::int64_t> viewers;
  for (const auto& l : listeners)
    if (l.user != 0 && l.user != message.user_id) viewers.push_back(l.user);
  std::vector<std::int64_t> silenced = p_.chat.silenced(message.user_id, viewers);
  for (const auto& l : listeners) {
    if (std::find(silenced.begin(), silenced.end(), l.user) != silenced.end()) continue;
    if (!sees_channel(game, l.user, message.channel)) continue;
    l.connection->deliver(text);
  }
  return shown;
}

void Api::chat_heard(const std::string& game_id, std::int64_t message_id) {
  // Nobody here watches the game: nothing to read.
  if (p_.chat_hub.listeners(game_id).empty()) return;
  auto room = p_.registry.find(game_id);
  auto message = p_.chat.find(message_id);
  if (!room || !message || message->game_id != game_id) return;
  push_chat(chat_game(*room), *message);
}

void Api::chat_read(const ApiCall& call, Respond respond) {
  const std::string& id = call.params[0];
  std::string_view query = call.request.query;
  std::int64_t limit = 0, after = 0;
  if (auto why = limit_param(query, kChatPage, kChatPageMax, limit); !why.empty()) return respond(json_error(400, why));
  if (!int_param(query, "after", after) || after < 0)
    return respond(json_error(400, "after must be a message id (a whole number from 0)"));
  auto room = p_.registry.find(id);
  if (!room) return respond(json_error(404, "no game with id " + id));
  std::int64_t viewer = call.caller.user ? call.caller.user->id : 0;
  if (viewer && !p_.chat.chat_enabled(viewer))
    return respond(json_error(403, "your chat is off: turn it on in your settings to see the chat"));
  ChatGame game = chat_game(*room);
  bool spectators = sees_channel(game, viewer, ChatChannel::Spectators);
  auto messages = p_.chat.list(id, after, static_cast<std::size_t>(limit) + 1, spectators, viewer);
  bool more = messages.size() > static_cast<std::size_t>(limit);
  if (more) messages.pop_back();
  json list = json::array();
  for (const auto& m : messages) list.push_back(chat_message_json(m));
  json next = more ? json(messages.back().id) : json();
  respond(answer_json({{"messages", list}, {"more", more}, {"next", next}, {"spectators", spectators}}));
}

void Api::chat_report(const ApiCall& call, Respond respond) {
  const User& user = *call.caller.user;
  std::int64_t id = 0;
  if (!message_id(call.params[0], id)) return respond(json_error(404, "no chat message " + call.params[0]));
  std::string reason;
  if (auto r = call.body.find("reason"); r != call.body.end()) {
    if (!r->is_string()) return respond(json_error(400, "reason must be a string"));
    reason = r->get<std::string>();
  }
  std::size_t chars = 0;
  if (!utf8_code_points(reason, chars)) return respond(json_error(400, "reason must be valid UTF-8"));
  if (chars > kReasonMaxChars)
    return respond(json_error(400, "reason is too long: at most " + std::to_string(kReasonMaxChars) + " characters"));
  // Only a message the caller could see: the others do not exist for them.
  auto message = p_.chat.find(id);
  std::shared_ptr<GameRoom> room = message ? p_.registry.find(message->game_id) : nullptr;
  bool visible = room && sees_channel(chat_game(*room), user.id, message->channel) &&
                 (message->user_id == user.id || p_.chat.silenced(message->user_id, {user.id}).empty());
  if (!visible) return respond(json_error(404, "no chat message " + call.params[0]));
  if (message->user_id == user.id) return respond(json_error(409, "you cannot report your own message"));
  if (!p_.chat.report(id, user.id, reason, p_.context.now_ms()))
    return respond(json_error(409, "you have already reported this message"));
  respond(answer_json({{"reported", id}}, 201));
}

void Api::settings(const ApiCall& call, Respond respond) {
  auto chat = call.body.find("chat");
  if (chat == call.body.end() || !chat->is_boolean())
    return respond(json_error(400, "settings need \"chat\": true or false"));
  if (auto error = p_.chat.set_chat_enabled(call.caller.user->id, chat->get<bool>()); !error.empty())
    return respond(json_error(503, "storage error: the setting was not saved"));
  respond(answer_json({{"settings", {{"chat", chat->get<bool>()}}}}));
}

}  // namespace dvonn::server
