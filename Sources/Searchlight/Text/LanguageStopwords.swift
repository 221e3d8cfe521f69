/// Short lists of the most common function words (articles, pronouns, prepositions, conjunctions,
/// auxiliaries, question words) of languages other than English, written as they are spelled;
/// `Language.stopwords` folds them as `TextAnalyzer` folds text. Deliberately short: only words that
/// match nearly every text of the language, so that dropping them from a query never drops its
/// subject, and none that folds to a common content word (Turkish "şu", that, reads "su", water).
enum LanguageStopwords {
    static let lists: [String: String] = [
        "de": """
        aber alle allem allen aller alles als also am an auch auf aus bei bin bis bist da damit dann das dass \
        dem den denn der des dich die dir doch dort du durch ein eine einem einen einer eines er es etwa euch \
        für gegen hat hatte hatten haben hier ich ihm ihn ihnen ihr ihre im in ins ist ja jede jedem jeden jeder \
        jedes kann kein keine können man mein meine mich mir mit muss nach nicht nichts noch nun nur ob oder ohne \
        sehr sein seine sich sie sind so soll sollte über um und uns unser unter vom von vor war waren was weil \
        wann warum welche welchem welchen welcher welches wenn wer werden wie wieder wir wird wo wurde wurden zu zum \
        zur zwar zwischen
        """,
        "fr": """
        à ai au aux avec avait avez avoir c ce ceci cela celle celui ces cet cette d dans de des donc du elle elles \
        en entre est et été être eu eux il ils j je jusqu l la le les leur leurs lui m ma mais me même mes moi mon \
        n ne ni nos notre nous on ou où par pas peu plus pour qu que quel quelle qui s sa sans se ses si son sont \
        sous sur t ta te tes toi ton tous tout toute très tu un une vos votre vous y
        """,
        "es": """
        a al algo algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos \
        en entre era es esa ese eso esta está están este esto estos fue fueron ha hay hasta la las le les lo los \
        más me mi mis mucho muy nada ni no nos nosotros o os otra otro para pero poco por porque que quien se sea \
        ser si sí sin sobre son su sus también tan te tiene todo todos tu tus un una uno unos y ya yo
        """,
        "it": """
        a ad al alla alle allo agli ai anche avere c che chi ci come con contro cui da dal dalla dalle dei del \
        della delle dello degli di dove e è ed era erano essere gli ha hanno ho i il in io la le lei lo loro lui \
        ma mi mia mio ne negli nei nel nella nelle nello noi non o per perché più quale quando quella quello \
        questa questo se sei si sia sono su sua sue sui sul sulla suo suoi tra tu tutti tutto un una uno voi
        """,
        "ca": """
        a al als amb aquell aquella aquelles aquells aquest aquesta aquestes aquests com d de del dels el ella \
        elles ell ells els en entre era és està estan fins ha han hi i jo l la les li n no o on per però perquè \
        quan que qui quin quina quins quines s se si sense ser són sobre també un una unes uns
        """,
        "pt": """
        a à ao aos as às até com como da das de dela dele deles do dos e é ela elas ele eles em entre era essa \
        esse esta está este eu foi foram há isso isto já lhe mais mas me mesmo meu minha muito na não nas nem no \
        nos nós o os ou para pela pelas pelo pelos por qual quando que quem se sem ser seu seus só sua suas também \
        te tem ter um uma umas uns você
        """,
        "nl": """
        aan al alle als bij dan dat de der deze die dit door dus een en er haar had heb heeft hem het hij hoe \
        hun ik in is je kan maar me men met mij mijn na naar niet nog nu of om omdat ons onze ook op over te tot \
        u uit van veel voor want was wat we wel werd wie wij wil worden wordt ze zich zij zijn zo zonder zou
        """,
        "ru": """
        а без более бы был была были было быть в вам вас весь во вот все всё всех вы где да даже для до его ее её \
        если есть еще ещё же за здесь и из или им их к как когда кто ли либо мне много может мы на над надо не \
        него нее неё нет ни них но ну о об он она они оно от по под после при про с со так также такой там те тем то \
        того тоже только том ты у уже хотя чего чей чем что чтобы эта эти это этот я
        """,
        "tr": """
        acaba ama ancak bazı belki ben bile bir biri birkaç biz bu buna bunda bundan bunu bunun çok çünkü da daha \
        de değil diğer diye en gibi göre hangi hangisi hem hep her hiç için ile ise kaç kadar kendi ki kim kimin \
        mi mı mu mü nasıl ne neden nerede nereden nereye niçin o olan olarak oldu olduğu olmak olur ona ondan \
        onlar onu onun sen siz tüm ve veya ya yani
        """,
        "ro": """
        a acea aceasta această acest acesta aceste acestea acei ai al ale alt am ar are au avea ca că care cât \
        câte câți ce cea cel cele cei cine cu cum când da dacă dar de decât deci din dintre după ea ei el ele este \
        eu fi fie fost fără iar în între îi își la le li lor lui mai mult nici nu o ori pe pentru peste prin să \
        se și sunt sau spre tot toate toți un una unei unor unui va vor
        """,
        "el": """
        ο η το οι τα του της των τον την τους τις ένα ένας μία μια ενός μιας και ή να θα δεν μη μην με σε στο \
        στη στην στον στα στις στους στης στου από για προς κατά μετά χωρίς ως όπως που πού ποιος ποια ποιο \
        ποιοι ποιες ποιον ποιας ποιου ποιων πόσοι πόσα πόσες πότε πώς γιατί τι είναι ήταν είχε έχει αυτός αυτή \
        αυτό αυτά αυτοί αυτές αυτού αυτής αυτών αλλά επίσης ενώ όταν αν ότι
        """,
        "ar": """
        في من إلى على عن مع هذا هذه ذلك تلك التي الذي الذين هو هي هم كان كانت يكون ما ماذا متى أين كيف لماذا \
        هل أي كم أو ثم لا لم لن قد إن أن كل بعض بين عند حتى منذ بعد قبل غير
        """,
        "hi": """
        का की के को में से पर है हैं था थी थे और या एक यह वह ये वे इस उस इन उन जो कि तो भी ने लिए तक साथ कर \
        किया गया हो होता होती होते कौन क्या कब कहाँ कहां कैसे क्यों कितना कितने कितनी किस किसने किसे किसका किसकी किसके किसको
        """,
    ]

    /// Question words of languages written without spaces, which no parser can drop as it drops
    /// stopwords, since they stand inside runs of letters: cut from a query's text in their script
    /// before its n-grams are made (`TextAnalyzer.droppingQuestionWords`). Passages seldom ask, so
    /// these are rare in them and would weigh as much as a question's subject. Only words no common
    /// word contains (Chinese 几, "how many", is left: 几乎 is "almost").
    static let unspacedQuestionWords: [String: String] = [
        "th": """
        อะไร อย่างไร ยังไง เมื่อไร เมื่อไหร่ เมื่อใด ที่ไหน ไหน ใคร ทำไม เท่าไร เท่าไหร่ เท่าใด กี่ ใด หรือไม่ หรือเปล่า ไหม มั้ย
        """,
        "zh": """
        什么是 什麼是 是什么 是什麼 谁是 誰是 是谁 是誰 什么 什麼 为什么 為什麼 哪些 哪个 哪個 哪里 哪裡 哪儿 哪兒 哪 谁 誰 多少 怎么 怎麼 怎样 怎樣 如何 吗 嗎 呢
        """,
    ]

    /// Function words of languages whose folded forms would be content words, so that they have
    /// no stopwords (Vietnamese: "đã" folds to "da", skin): read as written, with their marks, only
    /// to tell a query's language (`Language.functionWords`), never dropped from it.
    static let unfoldedOnly: [String: String] = [
        "vi": """
        là của và các những được có trong cho không này đã với một gì nào ai khi đâu bao nhiêu thế sao \
        tại vì như để từ đến về ở hay hoặc nhưng cũng rất sẽ đang bị bởi theo trên dưới sau trước giữa \
        mà thì nếu khác nhiều đó ấy
        """,
    ]
}
