// A game's chat (docs/community-api.md, "Chat"): the players' and the
// spectators' channels, live over the game's WebSocket and read back over
// HTTP; what is refused (and then not stored); chat off, blocks, reports,
// and the moderator's `dvonn admin` commands on the server's database.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>

#include "community_fixture.hpp"
#include "server/chat/chat_flood_gate.hpp"
#include "server/chat/chat_store.hpp"
#include "server/chat/chat_text.hpp"
#include "server/store/database.hpp"
#include "server/store/sqlite_util.hpp"
#include "test_client.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class ChatTest : public CommunityTest {
 protected:
  // The text goes into the JSON as it is (so that it may be invalid UTF-8).
  HttpResult say(const std::string& game, const std::string& text, const Browser& b) {
    std::string escaped;
    for (char c : text) {
      auto u = static_cast<unsigned char>(c);
      if (u < 0x20 || c == '"' || c == '\\') {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\u%04x", u);
        escaped += hex;
      } else {
        escaped += c;
      }
    }
    return http_request(port_, "POST", "/api/games/" + game + "/chat", "{\"text\": \"" + escaped + "\"}",
                        b.cookie.empty() ? Headers{} : Headers{{"Cookie", b.cookie}});
  }
  // The texts of the game's chat as b reads it.
  std::vector<std::string> texts(const std::string& game, const Browser& b = {}) {
    auto r = get("/api/games/" + game + "/chat", b);
    EXPECT_EQ(r.status, 200) << r.body;
    std::vector<std::string> out;
    json body = r.status == 200 ? r.json() : json();  // kept: a loop over a temporary's member dangles
    if (r.status == 200)
      for (const auto& m : body["messages"]) out.push_back(m["text"]);
    return out;
  }
  std::unique_ptr<WsClient> watch(const std::string& game, const Browser& b = {}) {
    auto ws = std::make_unique<WsClient>(port_, "/ws?game=" + game,
                                         b.cookie.empty() ? Headers{} : Headers{{"Cookie", b.cookie}});
    EXPECT_EQ(ws->handshake_status(), 101);
    ws->next_of_type("state");  // subscribed
    return ws;
  }
  // Runs SQL on the server's database (what the API of other parts does:
  // blocks).
  void sql(const std::string& text) {
    try {
      open_database(config_.db)->exec(text);  // SQLite or PostgreSQL
    } catch (const StoreError& e) {
      ADD_FAILURE() << e.what();
    }
  }
  void block(const std::string& from, const std::string& to) {
    sql("INSERT INTO blocks(from_user, to_user, created_ms) VALUES ((SELECT id FROM users WHERE name_key = '" + from +
        "'), (SELECT id FROM users WHERE name_key = '" + to + "'), 1)");
  }
  // `dvonn admin ARGS --db DB`: its exit code and output.
  std::pair<int, std::string> admin(const std::string& args) {
    std::string command = std::string(DVONN_BINARY) + " admin " + args + " --db '" + config_.db + "' 2>&1";
    FILE* p = popen(command.c_str(), "r");
    std::string out;
    char buffer[512];
    while (p && fgets(buffer, sizeof buffer, p)) out += buffer;
    int status = p ? pclose(p) : -1;
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
  }
};

TEST_F(ChatTest, TwoPlayersTalkLiveAndEveryoneWatchingSeesIt) {
  Browser alice = signup("alice"), bob = signup("bob"), carol = signup("carol");
  Started g = start_online(alice, bob);
  auto alices = watch(g.id, alice), bobs = watch(g.id, bob), carols = watch(g.id, carol), nobodys = watch(g.id);

  auto r = say(g.id, "  good luck <b>&amp;</b>  ", alice);
  ASSERT_EQ(r.status, 201) << r.body;
  json sent = r.json()["message"];
  EXPECT_EQ(sent["text"], "good luck <b>&amp;</b>");  // trimmed, stored as said
  EXPECT_EQ(sent["channel"], "players");
  EXPECT_EQ(sent["from"]["name"], "alice");
  for (auto* ws : {bobs.get(), carols.get(), nobodys.get(), alices.get()}) {
    json m = ws->next_of_type("chat", 2);
    ASSERT_TRUE(m.is_object());
    EXPECT_EQ(m["message"], sent);
  }
  ASSERT_EQ(say(g.id, "thanks", bob).status, 201);
  EXPECT_EQ(alices->next_of_type("chat", 2)["message"]["text"], "thanks");
  EXPECT_EQ(texts(g.id), (std::vector<std::string>{"good luck <b>&amp;</b>", "thanks"}));
}

TEST_F(ChatTest, AMessageMayComeOverTheGamesWebSocket) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  auto alices = watch(g.id, alice), bobs = watch(g.id, bob), nobodys = watch(g.id);
  alices->send(json{{"type", "chat"}, {"text", " over the socket "}});
  json m = bobs->next_of_type("chat", 2);
  ASSERT_TRUE(m.is_object());
  EXPECT_EQ(m["message"]["text"], "over the socket");
  EXPECT_EQ(m["message"]["from"]["name"], "alice");
  EXPECT_EQ(alices->next_of_type("chat", 2)["message"]["text"], "over the socket");
  // Refusals come back as errors of the chat request; nothing is stored.
  alices->send(json{{"type", "chat"}, {"text", std::string(501, 'x')}});
  json e = alices->next_of_type("error", 2);
  EXPECT_EQ(e["request"], "chat");
  EXPECT_NE(e["message"].get<std::string>().find("too long"), std::string::npos) << e;
  alices->send(json{{"type", "chat"}, {"text", 42}});
  EXPECT_EQ(alices->next_of_type("error", 2)["request"], "chat");
  nobodys->send(json{{"type", "chat"}, {"text", "anonymous"}});
  EXPECT_EQ(nobodys->next_of_type("error", 2)["message"], "log in (or play as a guest) to chat");
  EXPECT_EQ(texts(g.id), std::vector<std::string>{"over the socket"});
}

TEST_F(ChatTest, SpectatorsChatIsHiddenFromThePlayersUntilTheEnd) {
  Browser alice = signup("alice"), bob = signup("bob"), carol = signup("carol"), dave = guest("dave");
  Started g = start_online(alice, bob);
  auto alices = watch(g.id, alice), daves = watch(g.id, dave);
  auto r = say(g.id, "alice will lose", carol);
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(r.json()["message"]["channel"], "spectators");
  EXPECT_EQ(daves->next_of_type("chat", 2)["message"]["text"], "alice will lose");
  ASSERT_EQ(say(g.id, "hello", bob).status, 201);
  // Alice's next chat message is bob's: carol's never came.
  EXPECT_EQ(alices->next_of_type("chat", 2)["message"]["text"], "hello");
  EXPECT_EQ(texts(g.id, alice), std::vector<std::string>{"hello"});
  EXPECT_EQ(texts(g.id, bob), std::vector<std::string>{"hello"});
  EXPECT_EQ(texts(g.id, carol), (std::vector<std::string>{"alice will lose", "hello"}));
  EXPECT_EQ(texts(g.id), (std::vector<std::string>{"alice will lose", "hello"}));

  ASSERT_EQ(call("/api/games/" + g.id + "/resign", {{"token", g.white}}).status, 200);
  EXPECT_EQ(texts(g.id, alice), (std::vector<std::string>{"alice will lose", "hello"}));
  ASSERT_EQ(say(g.id, "told you", carol).status, 201);
  EXPECT_EQ(alices->next_of_type("chat", 2)["message"]["text"], "told you");
}

TEST_F(ChatTest, RefusesBadTextAndFloodsAndStoresNothing) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  std::string e_acute = "\xc3\xa9";
  std::string longest;
  for (int i = 0; i < 500; ++i) longest += e_acute;  // 500 characters, 1000 bytes
  for (const std::string& bad :
       {std::string(""), std::string("   "), longest + "x", std::string("a\x01z"), std::string("line\nbreak"),
        std::string("\xff\xfe"), std::string("\xc0\xaf"), std::string("a\xc2\x85z"), std::string("\xed\xa0\x80")}) {
    auto r = say(g.id, bad, alice);
    EXPECT_EQ(r.status, 400) << bad << " " << r.body;
    EXPECT_NE(r.body.find("\"error\""), std::string::npos) << r.body;
  }
  for (const json& body : {json{{"text", 5}}, json{{"words", "hi"}}, json{{"text", nullptr}}})
    EXPECT_EQ(call("/api/games/" + g.id + "/chat", body, alice).status, 400) << body;
  EXPECT_TRUE(texts(g.id).empty());

  EXPECT_EQ(say(g.id, longest, alice).status, 201);
  for (std::size_t i = 1; i < kChatBurst; ++i) EXPECT_EQ(say(g.id, "m" + std::to_string(i), alice).status, 201);
  auto flood = say(g.id, "one too many", alice);
  EXPECT_EQ(flood.status, 429) << flood.body;
  EXPECT_NE(flood.json()["error"].get<std::string>().find("too many"), std::string::npos);
  EXPECT_EQ(say(g.id, "bob is not limited by alice", bob).status, 201);
  EXPECT_EQ(texts(g.id).size(), kChatBurst + 1);
  advance(kChatWindowMs + 1);
  EXPECT_EQ(say(g.id, "later", alice).status, 201);
}

TEST_F(ChatTest, WhoMaySpeak) {
  Browser alice = signup("alice"), bob = signup("bob"), guest_gil = guest("gil");
  Started rated = start_online(alice, bob, {{"rated", true}});
  EXPECT_EQ(call("/api/games/" + rated.id + "/chat", {{"text", "hi"}}).status, 401);  // anonymous
  auto r = say(rated.id, "hi", guest_gil);
  EXPECT_EQ(r.status, 403) << r.body;
  Started casual = start_online(alice, bob);
  EXPECT_EQ(say(casual.id, "hi from a guest", guest_gil).status, 201);
  EXPECT_EQ(say("nosuchgame", "hi", alice).status, 404);
  auto engine = call("/api/games", {{"mode", "engine"}, {"level", 1}, {"color", "white"}}, alice);
  ASSERT_EQ(engine.status, 201);
  EXPECT_EQ(say(engine.json()["id"], "hi engine", alice).status, 409);
  EXPECT_EQ(texts(rated.id).size(), 0u);
  EXPECT_EQ(get("/api/games/nosuchgame/chat").status, 404);
}

TEST_F(ChatTest, WithChatOffYouNeitherSeeNorSend) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  EXPECT_EQ(get("/api/me", bob).json()["settings"]["chat"], true);
  EXPECT_EQ(call("/api/me/settings", {{"chat", "no"}}, bob).status, 400);
  EXPECT_EQ(call("/api/me/settings", {{"chat", false}}).status, 401);
  ASSERT_EQ(call("/api/me/settings", {{"chat", false}}, bob).status, 200);
  EXPECT_EQ(get("/api/me", bob).json()["settings"]["chat"], false);
  auto bobs = watch(g.id, bob), alices = watch(g.id, alice);
  EXPECT_EQ(say(g.id, "can you hear me", bob).status, 403);
  ASSERT_EQ(say(g.id, "hello bob", alice).status, 201);
  alices->next_of_type("chat", 2);
  EXPECT_TRUE(bobs->next_of_type("chat", 0.5).is_null());
  EXPECT_EQ(get("/api/games/" + g.id + "/chat", bob).status, 403);
  ASSERT_EQ(call("/api/me/settings", {{"chat", true}}, bob).status, 200);
  EXPECT_EQ(texts(g.id, bob), std::vector<std::string>{"hello bob"});
}

TEST_F(ChatTest, BlockedUsersNeverSeeEachOther) {
  Browser alice = signup("alice"), bob = signup("bob"), carol = signup("carol");
  Started g = start_online(alice, bob);
  block("bob", "carol");
  auto bobs = watch(g.id, bob);
  ASSERT_EQ(call("/api/games/" + g.id + "/resign", {{"token", g.white}}).status, 200);  // bob sees spectators
  ASSERT_EQ(say(g.id, "from carol", carol).status, 201);
  ASSERT_EQ(say(g.id, "from alice", alice).status, 201);
  EXPECT_EQ(bobs->next_of_type("chat", 2)["message"]["text"], "from alice");
  EXPECT_EQ(texts(g.id, bob), std::vector<std::string>{"from alice"});
  ASSERT_EQ(say(g.id, "from bob", bob).status, 201);
  EXPECT_EQ(texts(g.id, carol), (std::vector<std::string>{"from carol", "from alice"}));
}

TEST_F(ChatTest, AMessageIsReportedOncePerUser) {
  Browser alice = signup("alice"), bob = signup("bob"), carol = signup("carol");
  Started g = start_online(alice, bob);
  std::int64_t rude = say(g.id, "rude words", alice).json()["message"]["id"];
  std::int64_t secret = say(g.id, "spectators only", carol).json()["message"]["id"];
  std::string path = "/api/chat/" + std::to_string(rude) + "/report";
  EXPECT_EQ(call(path, {{"reason", "rude"}}).status, 401);
  EXPECT_EQ(call(path, {{"reason", 3}}, bob).status, 400);
  EXPECT_EQ(call(path, {{"reason", std::string(501, 'x')}}, bob).status, 400);
  EXPECT_EQ(call(path, {{"reason", "rude"}}, bob).status, 201);
  EXPECT_EQ(call(path, {{"reason", "again"}}, bob).status, 409);
  EXPECT_EQ(call(path, json::object(), carol).status, 201);
  EXPECT_EQ(call(path, {{"reason", "me"}}, alice).status, 409);  // one's own
  EXPECT_EQ(call("/api/chat/" + std::to_string(secret) + "/report", json::object(), bob).status, 404);
  EXPECT_EQ(call("/api/chat/999999/report", json::object(), bob).status, 404);
  EXPECT_EQ(call("/api/chat/abc/report", json::object(), bob).status, 404);
}

TEST_F(ChatTest, TheChatIsPagedAndSurvivesARestart) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  for (int i = 0; i < 7; ++i) {
    if (i == 5) advance(kChatWindowMs + 1);
    ASSERT_EQ(say(g.id, "m" + std::to_string(i), alice).status, 201);
  }
  restart();
  std::vector<std::string> all;
  std::string after = "0";
  for (int page = 0; page < 5; ++page) {
    auto r = get("/api/games/" + g.id + "/chat?limit=3&after=" + after);
    ASSERT_EQ(r.status, 200) << r.body;
    json body = r.json();
    for (const auto& m : body["messages"]) all.push_back(m["text"]);
    if (!body["more"].get<bool>()) break;
    after = std::to_string(body["next"].get<std::int64_t>());
  }
  EXPECT_EQ(all, (std::vector<std::string>{"m0", "m1", "m2", "m3", "m4", "m5", "m6"}));
  for (const char* bad : {"?limit=0", "?limit=x", "?after=-1", "?after=abc", "?limit=100000"})
    EXPECT_EQ(get("/api/games/" + g.id + "/chat" + bad).status, 400) << bad;
}

TEST_F(ChatTest, AdminListsReportsDeletesMessagesAndBans) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  std::int64_t rude = say(g.id, "rude words", alice).json()["message"]["id"];
  ASSERT_EQ(call("/api/chat/" + std::to_string(rude) + "/report", {{"reason", "insult"}}, bob).status, 201);

  auto [code, out] = admin("reports");
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("message " + std::to_string(rude)), std::string::npos) << out;
  EXPECT_NE(out.find("rude words"), std::string::npos) << out;
  EXPECT_NE(out.find("reported by bob"), std::string::npos) << out;
  EXPECT_NE(out.find("insult"), std::string::npos) << out;

  std::tie(code, out) = admin("delete-message " + std::to_string(rude));
  EXPECT_EQ(code, 0) << out;
  EXPECT_TRUE(texts(g.id).empty());
  std::tie(code, out) = admin("reports");
  EXPECT_NE(out.find("No open reports"), std::string::npos) << out;
  std::tie(code, out) = admin("delete-message 424242");
  EXPECT_NE(code, 0);
  EXPECT_NE(out.find("no chat message 424242"), std::string::npos) << out;

  auto alices = watch(g.id, alice);
  std::tie(code, out) = admin("ban Alice");
  EXPECT_EQ(code, 0) << out;
  // Her socket was opened before: it cannot speak for her any more.
  alices->send(json{{"type", "chat"}, {"text", "still here"}});
  EXPECT_EQ(alices->next_of_type("error", 2)["message"], "this account is banned");
  EXPECT_TRUE(get("/api/me", alice).json()["user"].is_null());  // the session ended
  auto login = call("/api/auth/login", {{"name", "alice"}, {"password", "correct horse"}});
  EXPECT_EQ(login.status, 403) << login.body;
  std::tie(code, out) = admin("unban alice");
  EXPECT_EQ(code, 0) << out;
  EXPECT_EQ(call("/api/auth/login", {{"name", "alice"}, {"password", "correct horse"}}).status, 200);
  std::tie(code, out) = admin("ban nobody");
  EXPECT_NE(code, 0);
  EXPECT_NE(out.find("no account named nobody"), std::string::npos) << out;
  std::tie(code, out) = admin("reports --db /nonexistent/x.db");
  EXPECT_NE(code, 0);
}

TEST_F(ChatTest, ForgettingAUserRemovesItsMessagesAndReports) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  std::int64_t said = say(g.id, "from alice", alice).json()["message"]["id"];
  std::int64_t other = say(g.id, "from bob", bob).json()["message"]["id"];
  ASSERT_EQ(call("/api/chat/" + std::to_string(said) + "/report", json::object(), bob).status, 201);
  ASSERT_EQ(call("/api/chat/" + std::to_string(other) + "/report", json::object(), alice).status, 201);
  stop();
  {
    auto db = open_database(config_.db);
    Statement q(db.get(), "SELECT id FROM users WHERE name_key = 'alice'", false);
    ASSERT_TRUE(q.next());
    std::int64_t id = q.integer(0);
    q.reset();
    ChatStore::forget_user(db.get(), id);
  }
  start();
  EXPECT_EQ(texts(g.id), std::vector<std::string>{"from bob"});
  auto [code, out] = admin("reports");
  EXPECT_NE(out.find("No open reports"), std::string::npos) << out;  // neither hers nor about her
}

TEST(ChatText, TrimsAndCountsCodePoints) {
  std::string text;
  EXPECT_EQ(check_chat_text("  hi  ", text), "");
  EXPECT_EQ(text, "hi");
  EXPECT_EQ(check_chat_text("\xf0\x9f\x98\x80 caf\xc3\xa9 \xe2\x82\xac", text), "");  // emoji, é, €
  EXPECT_NE(check_chat_text("tab\there", text), "");
  EXPECT_NE(check_chat_text("del\x7f", text), "");
  EXPECT_NE(check_chat_text("\xf4\x90\x80\x80", text), "");  // above U+10FFFF
  std::size_t chars = 0;
  EXPECT_TRUE(
      utf8_code_points("\xf0\x9f\x98\x80"
                       "a",
                       chars));
  EXPECT_EQ(chars, 2u);
}

TEST(ChatFloodGate, LetsABurstThroughPerUserAndWindow) {
  ChatFloodGate gate;
  for (std::size_t i = 0; i < kChatBurst; ++i) EXPECT_TRUE(gate.allow(1, 1000));
  EXPECT_FALSE(gate.allow(1, 1000));
  EXPECT_TRUE(gate.allow(2, 1000));
  gate.refund(2);
  EXPECT_TRUE(gate.allow(1, 1000 + kChatWindowMs));
}

}  // namespace
}  // namespace dvonn::server::testing
