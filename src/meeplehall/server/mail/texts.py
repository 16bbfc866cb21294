"""What e-mail and the pages its links open say, in English, Japanese and Korean.

Each text is a ``str.format`` template; e-mail is written in the language of the pages its
reader last used (``contacts.lang``), English when unknown.
"""

from __future__ import annotations

LANGUAGES = ("en", "ja", "ko")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "turn.subject": "Your turn - {game}",
        "turn.body": "It is your turn at table {table} ({game}).\n\nPlay: {link}\n",
        "friend.subject": "{name} wants to be your friend",
        "friend.body": "{name} sent you a friend request on Meeple Hall.\n\n"
                       "Answer it in the lobby: {link}\n",
        "invite.subject": "{name} invites you to {game}",
        "invite.body": "{name} invites you to table {table} ({game}).\n\nJoin: {link}\n",
        "verify.subject": "Confirm your e-mail address",
        "verify.body": "Open this link to confirm this address for Meeple Hall:\n{link}\n\n"
                       "If you did not ask for it, ignore this message.\n",
        "footer": "\n--\nYou get this e-mail because you turned e-mail on in Meeple Hall.\n"
                  "Stop all e-mail from Meeple Hall: {unsubscribe}\n",
        "page.title": "Meeple Hall",
        "page.verified": "Your e-mail address is confirmed.",
        "page.bad_link": "This link is not valid (or too old). Ask for a new one in the lobby.",
        "page.unsubscribe": "Stop all e-mail from Meeple Hall?",
        "page.unsubscribe_button": "Stop e-mail",
        "page.unsubscribed": "You will get no more e-mail from Meeple Hall. "
                             "You can turn it on again in the lobby.",
        "page.back": "Back to the lobby",
    },
    "ja": {
        "turn.subject": "あなたの手番です - {game}",
        "turn.body": "テーブル {table}（{game}）であなたの手番です。\n\nプレイする: {link}\n",
        "friend.subject": "{name} さんからフレンド申請が届きました",
        "friend.body": "Meeple Hall で {name} さんからフレンド申請が届きました。\n\n"
                       "ロビーで返答してください: {link}\n",
        "invite.subject": "{name} さんから {game} への招待",
        "invite.body": "{name} さんがテーブル {table}（{game}）に招待しています。\n\n"
                       "参加する: {link}\n",
        "verify.subject": "メールアドレスの確認",
        "verify.body": "このリンクを開いて、Meeple Hall 用のこのアドレスを確認してください:\n"
                       "{link}\n\n心当たりがない場合は、このメールを無視してください。\n",
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
        "page.back": "ロビーに戻る",
    },
    "ko": {
        "turn.subject": "당신의 차례입니다 - {game}",
        "turn.body": "테이블 {table}({game})에서 당신의 차례입니다.\n\n플레이하기: {link}\n",
        "friend.subject": "{name} 님이 친구 요청을 보냈습니다",
        "friend.body": "Meeple Hall에서 {name} 님이 친구 요청을 보냈습니다.\n\n"
                       "로비에서 응답하세요: {link}\n",
        "invite.subject": "{name} 님이 {game}에 초대했습니다",
        "invite.body": "{name} 님이 테이블 {table}({game})에 초대했습니다.\n\n참가하기: {link}\n",
        "verify.subject": "이메일 주소 확인",
        "verify.body": "이 링크를 열어 Meeple Hall에서 사용할 이 주소를 확인하세요:\n{link}\n\n"
                       "요청하지 않았다면 이 메일을 무시하세요.\n",
        "footer": "\n--\nMeeple Hall에서 이메일 알림을 켜셨기 때문에 이 메일을 받으셨습니다.\n"
                  "Meeple Hall의 모든 이메일 받지 않기: {unsubscribe}\n",
        "page.title": "Meeple Hall",
        "page.verified": "이메일 주소가 확인되었습니다.",
        "page.bad_link": "이 링크는 유효하지 않거나 만료되었습니다. 로비에서 새 링크를 요청하세요.",
        "page.unsubscribe": "Meeple Hall의 모든 이메일을 받지 않으시겠습니까?",
        "page.unsubscribe_button": "이메일 받지 않기",
        "page.unsubscribed": "이제 Meeple Hall에서 이메일을 보내지 않습니다. "
                             "로비에서 언제든 다시 켤 수 있습니다.",
        "page.back": "로비로 돌아가기",
    },
}


def text(lang: str, key: str, **params: object) -> str:
    """The text ``key`` in ``lang`` (English when the language is unknown), filled in."""
    table = TEXTS.get(lang, TEXTS["en"])
    return table[key].format(**params)
