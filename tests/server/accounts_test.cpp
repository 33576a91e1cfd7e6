// Accounts and sessions over real sockets (docs/community-api.md, "Players
// and sessions"), and the languages list.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "community_fixture.hpp"
#include "server/store/database.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class AccountsTest : public CommunityTest {};

TEST_F(AccountsTest, SignupSetsASessionCookieAndMeKnowsTheUser) {
  auto r = post(port_, "/api/auth/signup", {{"name", "Alice"}, {"password", "correct horse"}});
  ASSERT_EQ(r.status, 201) << r.body;
  json user = r.json()["user"];
  EXPECT_EQ(user["name"], "Alice");
  EXPECT_EQ(user["guest"], false);
  EXPECT_EQ(user["rating"], 1500.0);
  EXPECT_EQ(user["deviation"], 350.0);
  EXPECT_EQ(user["games"], 0);
  EXPECT_EQ(user["provisional"], true);
  std::string set = r.header("Set-Cookie");
  EXPECT_THAT(set, StartsWith("dvonn_session="));
  EXPECT_EQ(set.substr(14, 64).find_first_not_of("0123456789abcdef"), std::string::npos) << set;
  EXPECT_THAT(set, HasSubstr("; Path=/"));
  EXPECT_THAT(set, HasSubstr("; HttpOnly"));
  EXPECT_THAT(set, HasSubstr("; SameSite=Lax"));
  EXPECT_THAT(set, HasSubstr("; Max-Age=2592000"));
  Browser alice{cookie_of(r), user};

  auto me = get("/api/me", alice);
  ASSERT_EQ(me.status, 200);
  EXPECT_EQ(me.json()["user"]["name"], "Alice");
  EXPECT_TRUE(get("/api/me").json()["user"].is_null());

  // Log in from another browser, log out there: the first session lives on.
  auto login = post(port_, "/api/auth/login", {{"name", "alice"}, {"password", "correct horse"}});
  ASSERT_EQ(login.status, 200) << login.body;
  Browser other{cookie_of(login), login.json()["user"]};
  EXPECT_NE(other.cookie, alice.cookie);
  auto out = call("/api/auth/logout", json::object(), other);
  EXPECT_EQ(out.status, 200);
  EXPECT_THAT(out.header("Set-Cookie"), HasSubstr("Max-Age=0"));
  auto after = get("/api/me", other);
  EXPECT_TRUE(after.json()["user"].is_null());
  EXPECT_THAT(after.header("Set-Cookie"), HasSubstr("Max-Age=0"));
  EXPECT_EQ(get("/api/me", alice).json()["user"]["name"], "Alice");
}

TEST_F(AccountsTest, PasswordsAndSessionsAreStoredOnlyAsHashes) {
  Browser alice = signup("alice", "correct horse");
  std::string token = alice.cookie.substr(std::string("dvonn_session=").size());
  server_.reset();                      // everything committed
  auto db = open_database(config_.db);  // SQLite or PostgreSQL
  auto one = [&](const char* sql) {
    Statement st(db.get(), sql, false);
    std::string out;
    if (st.next()) out = st.text(0);
    st.reset();
    return out;
  };
  EXPECT_THAT(one("SELECT password_hash FROM users WHERE name = 'alice'"), StartsWith("$argon2id$"));
  std::string stored = one("SELECT token_hash FROM sessions");
  EXPECT_EQ(stored.size(), 64u);
  EXPECT_NE(stored, token);
}

TEST_F(AccountsTest, BadNamesAndPasswordsAreRefusedAndCreateNothing) {
  for (const json& name : {json("ab"), json("abcdefghijklmnopqrstu"), json("1abc"), json("_abc"), json("al ice"),
                           json("<script>"), json("a'; DROP TABLE users;--"), json("Robert');--"), json("al\xc3\xa9"),
                           json("engine-9"), json("Engineer"), json(5), json(nullptr)}) {
    auto r = post(port_, "/api/auth/signup", {{"name", name}, {"password", "correct horse"}});
    EXPECT_EQ(r.status, 400) << name << " " << r.body;
    EXPECT_TRUE(r.header("Set-Cookie").empty());
    auto g = post(port_, "/api/auth/guest", {{"name", name}});
    EXPECT_EQ(g.status, 400) << name << " " << g.body;
  }
  for (const json& password : {json("short"), json(std::string(129, 'x')), json(12345678), json(nullptr)}) {
    auto r = post(port_, "/api/auth/signup", {{"name", "alice"}, {"password", password}});
    EXPECT_EQ(r.status, 400) << password << " " << r.body;
  }
  EXPECT_EQ(http_request(port_, "POST", "/api/auth/signup", "{\"name\": ").status, 400);
  EXPECT_EQ(post(port_, "/api/auth/signup", {{"name", std::string(10000, 'a')}, {"password", "correct horse"}}).status,
            400);
  EXPECT_EQ(post(port_, "/api/auth/signup", {{"name", std::string(20000, 'a')}, {"password", "correct horse"}}).status,
            413);
  EXPECT_EQ(http_request(port_, "POST", "/api/auth/signup", "[1, 2]").status, 400);
  EXPECT_EQ(http_request(port_, "GET", "/api/auth/signup").status, 405);
  EXPECT_EQ(post(port_, "/api/auth/nothing", json::object()).status, 404);
  // Nothing was created: the name is free, a 128-byte password is fine.
  EXPECT_EQ(get("/api/users/alice").status, 404);
  auto ok = post(port_, "/api/auth/signup", {{"name", "alice"}, {"password", std::string(128, 'x')}});
  EXPECT_EQ(ok.status, 201) << ok.body;
}

TEST_F(AccountsTest, NamesAreUniqueIgnoringCaseAcrossUsersAndGuests) {
  signup("Alice");
  EXPECT_EQ(post(port_, "/api/auth/signup", {{"name", "ALICE"}, {"password", "another one"}}).status, 409);
  EXPECT_EQ(post(port_, "/api/auth/guest", {{"name", "alice"}}).status, 409);
  guest("Bob");
  EXPECT_EQ(post(port_, "/api/auth/signup", {{"name", "bob"}, {"password", "another one"}}).status, 409);
}

TEST_F(AccountsTest, WrongPasswordsAndUnknownNamesGetTheSameAnswer) {
  signup("alice", "correct horse");
  auto wrong = post(port_, "/api/auth/login", {{"name", "alice"}, {"password", "wrong horse"}});
  auto unknown = post(port_, "/api/auth/login", {{"name", "nobody"}, {"password", "wrong horse"}});
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(wrong.body, unknown.body);
  EXPECT_TRUE(wrong.header("Set-Cookie").empty());
  // Guests and engines have no password to log in with.
  guest("Guesty");
  EXPECT_EQ(post(port_, "/api/auth/login", {{"name", "Guesty"}, {"password", ""}}).status, 401);
  EXPECT_EQ(post(port_, "/api/auth/login", {{"name", "engine-4"}, {"password", ""}}).status, 401);
  EXPECT_EQ(post(port_, "/api/auth/login", {{"name", "alice"}, {"password", 5}}).status, 400);
}

// From one address (the name's owner elsewhere is not locked out:
// auth_abuse_test.cpp).
TEST_F(AccountsTest, LoginAttemptsFromOneAddressAreLimitedPerName) {
  signup("alice", "correct horse");
  int limited = 0;
  for (int i = 0; i < 12; ++i) {
    auto r = post(port_, "/api/auth/login", {{"name", "alice"}, {"password", "wrong horse"}});
    if (r.status == 429)
      ++limited;
    else
      EXPECT_EQ(r.status, 401);
  }
  EXPECT_GE(limited, 1);
  // Even the right password waits now, from this address.
  EXPECT_EQ(post(port_, "/api/auth/login", {{"name", "ALICE"}, {"password", "correct horse"}}).status, 429);
}

TEST_F(AccountsTest, SessionsExpireAfterThirtyDays) {
  Browser alice = signup("alice");
  advance(29LL * 24 * 3600 * 1000);
  EXPECT_EQ(get("/api/me", alice).json()["user"]["name"], "alice");
  advance(2LL * 24 * 3600 * 1000);
  auto r = get("/api/me", alice);
  EXPECT_TRUE(r.json()["user"].is_null());
  EXPECT_THAT(r.header("Set-Cookie"), HasSubstr("Max-Age=0"));
  EXPECT_EQ(get("/api/me/games", alice).status, 401);
  // A made-up cookie is no session either.
  Browser fake{"dvonn_session=" + std::string(64, 'a'), {}};
  EXPECT_TRUE(get("/api/me", fake).json()["user"].is_null());
}

TEST_F(AccountsTest, APostWithASessionNeedsAJsonContentType) {
  Browser alice = signup("alice");
  auto r = http_request(port_, "POST", "/api/games", R"({"mode": "local"})",
                        {{"Cookie", alice.cookie}, {"Content-Type", "text/plain"}});
  EXPECT_EQ(r.status, 415) << r.body;
  r = http_request(port_, "POST", "/api/auth/logout", "{}",
                   {{"Cookie", alice.cookie}, {"Content-Type", "application/x-www-form-urlencoded"}});
  EXPECT_EQ(r.status, 415);
  EXPECT_EQ(get("/api/me", alice).json()["user"]["name"], "alice");
  r = http_request(port_, "POST", "/api/games", R"({"mode": "local"})",
                   {{"Cookie", alice.cookie}, {"Content-Type", "application/json; charset=utf-8"}});
  EXPECT_EQ(r.status, 201) << r.body;
}

TEST_F(AccountsTest, GuestsHaveNoRatingAndPlayUnratedOnly) {
  Browser g = guest("Visitor");
  EXPECT_EQ(g.user["guest"], true);
  EXPECT_TRUE(g.user["rating"].is_null());
  EXPECT_EQ(get("/api/me", g).json()["user"]["name"], "Visitor");
  EXPECT_EQ(call("/api/games", {{"mode", "online"}, {"rated", true}}, g).status, 400);
  EXPECT_EQ(call("/api/games", {{"mode", "online"}, {"rated", true}}).status, 401);
  EXPECT_EQ(call("/api/games", {{"mode", "engine"}, {"rated", true}}, g).status, 400);
}

TEST_F(AccountsTest, HtmlAndSqlInFieldsAreJustText) {
  Browser alice = signup("alice");
  for (std::string bad : {"<img src=x onerror=alert(1)>", "' OR 1=1 --", "\"; DROP TABLE games; --"}) {
    EXPECT_EQ(post(port_, "/api/auth/login", {{"name", bad}, {"password", bad}}).status, 401);
    EXPECT_EQ(get("/api/users/" + std::string("%27%20OR%201%3D1%20--")).status, 404);
    auto r = call("/api/games", {{"mode", bad}}, alice);
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(call("/api/games", {{"mode", "online"}, {"color", bad}}, alice).status, 400);
    EXPECT_EQ(call("/api/games", {{"mode", "online"}, {"clock", {{"type", bad}}}}, alice).status, 400);
    EXPECT_EQ(call("/api/games", {{"mode", "online"}, {"rated", bad}}, alice).status, 400);
    EXPECT_EQ(get("/api/archive?player=" + std::string("%27%20OR%201%3D1%20--")).json()["games"].size(), 0u);
  }
  EXPECT_EQ(get("/api/me", alice).json()["user"]["name"], "alice");
}

class LanguagesTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    auto root = dir_ / "web";
    std::filesystem::create_directories(root / "i18n");
    std::ofstream(root / "i18n" / "en.json") << R"({"language.name": "English", "x": "y"})";
    std::ofstream(root / "i18n" / "fr.json") << R"({"language.name": "Fran\u00e7ais"})";
    std::ofstream(root / "i18n" / "nl.json") << R"(not json)";
    std::ofstream(root / "i18n" / "notes.txt") << "not a language";
    c.web_root = root.string();
  }
};

TEST_F(LanguagesTest, ListsTheI18nFilesWithTheirNames) {
  auto r = get("/api/languages");
  ASSERT_EQ(r.status, 200) << r.body;
  json list = r.json()["languages"];
  ASSERT_EQ(list.size(), 3u) << list;
  EXPECT_EQ(list[0], json({{"code", "en"}, {"name", "English"}}));
  EXPECT_EQ(list[1], json({{"code", "fr"},
                           {"name",
                            "Fran\xc3\xa7"
                            "ais"}}));
  EXPECT_EQ(list[2]["code"], "nl");  // unreadable: named by its code
  EXPECT_EQ(post(port_, "/api/languages", json::object()).status, 405);
}

TEST_F(AccountsTest, TheEmbeddedLanguagesAreListed) {
  auto r = get("/api/languages");
  ASSERT_EQ(r.status, 200);
  json body = r.json();  // kept: the loop below refers into it
  ASSERT_TRUE(body["languages"].is_array());
  std::vector<std::string> codes;
  for (const auto& l : body["languages"]) {
    ASSERT_TRUE(l["code"].is_string());
    EXPECT_TRUE(l["name"].is_string());
    codes.push_back(l["code"]);
  }
  for (const char* code : {"en", "fr", "nl", "es"})
    EXPECT_NE(std::find(codes.begin(), codes.end(), code), codes.end()) << code;
}

}  // namespace
}  // namespace dvonn::server::testing
