"""What e-mail and the pages its links open say, in English, Japanese and Korean.

Each text is a ``str.format`` template; e-mail is written in the language of the pages its
reader last used (``contacts.lang``), English when unknown. Subjects name no user text.
"""

from __future__ import annotations

LANGUAGES = ("en", "ja", "ko")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "turn.subject": "Your turn - {game}",
        "turn.body": "It is your turn at table {table} ({game}).\n\nPlay: {link}\n",
        "friend.subject": "A friend request on Meeple Hall",
        "friend.body": "{name} sent you a friend request on Meeple Hall.\n\n"
                       "Answer it in the lobby: {link}\n",
        "invite.subject": "An invitation to {game}",
        "invite.body": "{name} invites you to table {table} ({game}).\n\nJoin: {link}\n",
        "verify.subject": "Confirm your e-mail address",
        "verify.body": "Open this link to confirm this address for Meeple Hall:\n{link}\n\n"
                       "If you did not ask for it, ignore this message.\n",
        "reset.subject": "Choose a new Meeple Hall password",
        "reset.body": "An administrator of Meeple Hall reset the password of your account and "
                      "signed it out everywhere.\n\nChoose a new password with this link (it "
                      "works once, within {hours} hours):\n{link}\n\n"
                      "If you did not ask for it, tell the people who run this hall.\n",
        "footer": "\n--\nYou get this e-mail because you turned e-mail on in Meeple Hall.\n"
                  "Stop all e-mail from Meeple Hall: {unsubscribe}\n",
        "page.title": "Meeple Hall",
        "page.verified": "Your e-mail address is confirmed.",
        "page.bad_link": "This link is not valid (or too old). Ask for a new one in the lobby.",
        "page.unsubscribe": "Stop all e-mail from Meeple Hall?",
        "page.unsubscribe_button": "Stop e-mail",
        "page.unsubscribed": "You will get no more e-mail from Meeple Hall. "
                             "You can turn it on again in the lobby.",
        "page.unsubscribe_expired": "This unsubscribe link is too old. Use the one in a newer "
                                    "e-mail, or turn e-mail off in the lobby.",
        "page.reset": "Choose a new password (8 to 200 characters).",
        "page.reset_label": "New password",
        "page.reset_button": "Set the password",
        "page.reset_done": "Your password is set. Log in with it in the lobby.",
        "page.reset_bad_password": "A password has 8 to 200 characters.",
        "page.reset_bad_link": "This link does not work any more (it works once, within a day). "
                               "Ask an administrator for a new one.",
        "page.back": "Back to the lobby",
    },
    "ja": {
        "turn.subject": "あなたの手番です - {game}",
        "turn.body": "テーブル {table}（{game}）であなたの手番です。\n\nプレイする: {link}\n",
        "friend.subject": "Meeple Hall でフレンド申請が届きました",
        "friend.body": "Meeple Hall で {name} さんからフレンド申請が届きました。\n\n"
                       "ロビーで返答してください: {link}\n",
        "invite.subject": "{game} への招待",
        "invite.body": "{name} さんがテーブル {table}（{game}）に招待しています。\n\n"
                       "参加する: {link}\n",
        "verify.subject": "メールアドレスの確認",
        "verify.body": "このリンクを開いて、Meeple Hall 用のこのアドレスを確認してください:\n"
                       "{link}\n\n心当たりがない場合は、このメールを無視してください。\n",
        "reset.subject": "Meeple Hall のパスワードの再設定",
        "reset.body": "Meeple Hall の管理者があなたのアカウントのパスワードをリセットし、"
                      "すべての端末からログアウトさせました。\n\n"
                      "次のリンクから新しいパスワードを設定してください"
                      "（{hours} 時間以内に一度だけ使えます）:\n{link}\n\n"
                      "心当たりがない場合は、このサイトの運営者に知らせてください。\n",
        "footer": "\n--\nMeeple Hall でメール通知をオンにしたため、このメールが届いています。\n"
                  "Meeple Hall からのメールをすべて停止する: {unsubscribe}\n",
        "page.title": "Meeple Hall",
        "page.verified": "メールアドレスが確認されました。",
        "page.bad_link": "このリンクは無効か、期限切れです。"
                          "ロビーで新しいリンクを依頼してください。",
        "page.unsubscribe": "Meeple Hall からのメールをすべて停止しますか？",
        "page.unsubscribe_button": "メールを停止",
        "page.unsubscribed": "Meeple Hall からのメールは今後届きません。"
                             "ロビーでいつでも再びオンにできます。",
        "page.unsubscribe_expired": "この配信停止リンクは期限切れです。新しいメールのリンクを"
                                    "使うか、ロビーでメールをオフにしてください。",
        "page.reset": "新しいパスワードを決めてください（8〜200 文字）。",
        "page.reset_label": "新しいパスワード",
        "page.reset_button": "パスワードを設定",
        "page.reset_done": "パスワードを設定しました。"
                           "ロビーでこのパスワードでログインしてください。",
        "page.reset_bad_password": "パスワードは 8〜200 文字です。",
        "page.reset_bad_link": "このリンクはもう使えません（1 日以内に一度だけ使えます）。"
                               "管理者に新しいリンクを依頼してください。",
        "page.back": "ロビーに戻る",
    },
    "ko": {
        "turn.subject": "당신의 차례입니다 - {game}",
        "turn.body": "테이블 {table}({game})에서 당신의 차례입니다.\n\n플레이하기: {link}\n",
        "friend.subject": "Meeple Hall에서 친구 요청이 왔습니다",
        "friend.body": "Meeple Hall에서 {name} 님이 친구 요청을 보냈습니다.\n\n"
                       "로비에서 응답하세요: {link}\n",
        "invite.subject": "{game} 초대",
        "invite.body": "{name} 님이 테이블 {table}({game})에 초대했습니다.\n\n참가하기: {link}\n",
        "verify.subject": "이메일 주소 확인",
        "verify.body": "이 링크를 열어 Meeple Hall에서 사용할 이 주소를 확인하세요:\n{link}\n\n"
                       "요청하지 않았다면 이 메일을 무시하세요.\n",
        "reset.subject": "Meeple Hall 비밀번호 재설정",
        "reset.body": "Meeple Hall 관리자가 계정의 비밀번호를 초기화하고 모든 기기에서 "
                      "로그아웃시켰습니다.\n\n이 링크에서 새 비밀번호를 정하세요"
                      "({hours}시간 안에 한 번만 쓸 수 있습니다):\n{link}\n\n"
                      "요청한 적이 없다면 이 사이트 운영자에게 알려 주세요.\n",
        "footer": "\n--\nMeeple Hall에서 이메일 알림을 켜셨기 때문에 이 메일을 받으셨습니다.\n"
                  "Meeple Hall의 모든 이메일 받지 않기: {unsubscribe}\n",
        "page.title": "Meeple Hall",
        "page.verified": "이메일 주소가 확인되었습니다.",
        "page.bad_link": "이 링크는 유효하지 않거나 만료되었습니다. 로비에서 새 링크를 요청하세요.",
        "page.unsubscribe": "Meeple Hall의 모든 이메일을 받지 않으시겠습니까?",
        "page.unsubscribe_button": "이메일 받지 않기",
        "page.unsubscribed": "이제 Meeple Hall에서 이메일을 보내지 않습니다. "
                             "로비에서 언제든 다시 켤 수 있습니다.",
        "page.unsubscribe_expired": "이 수신 거부 링크는 만료되었습니다. 더 최근 메일의 링크를 "
                                    "사용하거나 로비에서 이메일을 끄세요.",
        "page.reset": "새 비밀번호를 정하세요(8~200자).",
        "page.reset_label": "새 비밀번호",
        "page.reset_button": "비밀번호 설정",
        "page.reset_done": "비밀번호가 설정되었습니다. 로비에서 이 비밀번호로 로그인하세요.",
        "page.reset_bad_password": "비밀번호는 8~200자입니다.",
        "page.reset_bad_link": "이 링크는 더 이상 쓸 수 없습니다(하루 안에 한 번만 쓸 수 "
                               "있습니다). 관리자에게 새 링크를 요청하세요.",
        "page.back": "로비로 돌아가기",
    },
}


#: What a subject may name: a game's title and a table's number, never what a user typed
#: (names, chat), which could make an e-mail say anything in the line a reader trusts most.
SUBJECT_FIELDS = ("game", "table")


def text(lang: str, key: str, **params: object) -> str:
    """The text ``key`` in ``lang`` (English when the language is unknown), filled in."""
    table = TEXTS.get(lang, TEXTS["en"])
    return table[key].format(**params)


def subject(lang: str, kind: str, params: dict[str, object]) -> str:
    """The subject of an e-mail of ``kind``, filled in from ``SUBJECT_FIELDS`` only (a
    template naming anything else fails here, in the tests, not in someone's inbox)."""
    return text(lang, f"{kind}.subject",
                **{name: params[name] for name in SUBJECT_FIELDS if name in params})
