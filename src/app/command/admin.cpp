// `dvonn admin`: a moderator's commands on a server's database (which may be
// in use by a running `dvonn serve`: SQLite's locking keeps both right).
// Chat reports to look at, messages to delete, accounts to ban or let back
// in (docs/server.md, "Moderation").
#include <ctime>
#include <filesystem>
#include <iostream>
#include <string>

#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "server/chat/chat_store.hpp"
#include "server/store/database.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::app {
namespace {

using server::ChatStore;
using server::GameStore;

struct AdminOptions {
  std::string db = "dvonn.db";
  std::int64_t message = 0;
  std::string name;
  std::size_t limit = 100;
};

std::string utc_time(std::int64_t ms) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &tm);
  return text;
}

int list_reports(ChatStore& chat, std::size_t limit) {
  auto reports = chat.open_reports(limit);
  if (reports.empty()) std::cout << "No open reports.\n";
  for (const auto& r : reports)
    std::cout << "message " << r.message.id << " in game " << r.message.game_id << " ("
              << server::channel_name(r.message.channel) << ") by " << r.message.name << " at "
              << utc_time(r.message.time_ms) << " UTC: " << r.message.text << "\n  reported by " << r.reporter << " at "
              << utc_time(r.time_ms) << " UTC" << (r.reason.empty() ? "" : ": " + r.reason) << "\n";
  return 0;
}

}  // namespace

void register_admin_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<AdminOptions>();
  auto* c = app.add_subcommand("admin", "Moderate a server's chat: list reports, delete a message, ban an account");
  c->require_subcommand(1);
  auto with_db = [o](CLI::App* sub) {
    sub->add_option("--db", o->db, "The server's database: its SQLite file or PostgreSQL URI")->capture_default_str();
    return sub;
  };
  auto* reports = with_db(c->add_subcommand("reports", "List the open reports of chat messages, oldest first"));
  reports->add_option("--limit", o->limit, "At most this many")->capture_default_str()->check(CLI::Range(1, 10000));
  auto* remove =
      with_db(c->add_subcommand("delete-message", "Delete a chat message (its game's chat no longer shows it)"));
  remove->add_option("ID", o->message, "The message's id (as `admin reports` lists it)")->required();
  auto* ban = with_db(c->add_subcommand("ban", "Ban an account: it cannot log in, and its sessions end"));
  ban->add_option("NAME", o->name, "The account's name")->required();
  auto* unban = with_db(c->add_subcommand("unban", "Let a banned account log in again"));
  unban->add_option("NAME", o->name, "The account's name")->required();
  set.add(c, [o, reports, remove, ban, unban]() -> int {
    if (!server::is_postgres_target(o->db) && !std::filesystem::exists(o->db)) throw InputError("no database " + o->db);
    GameStore store(o->db);
    ChatStore chat(store);
    if (reports->parsed()) return list_reports(chat, o->limit);
    if (remove->parsed()) {
      if (!chat.delete_message(o->message)) throw InputError("no chat message " + std::to_string(o->message));
      std::cout << "Deleted message " << o->message << ".\n";
      return 0;
    }
    bool banning = ban->parsed();
    if (!banning && !unban->parsed()) return 2;
    if (!chat.set_banned(o->name, banning)) throw InputError("no account named " + o->name);
    std::cout << (banning ? "Banned " : "Unbanned ") << o->name << ".\n";
    return 0;
  });
}

}  // namespace dvonn::app
