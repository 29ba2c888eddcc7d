//! Card headers to static facts (spec §2, §3): id, name, class, universe,
//! type, traits, rarity, cost, stats, evolve cost, text, keywords and
//! counters, with the compiler's derived rules — the `(Evolved)` naming
//! rules, the `Token` trait from `/ Token`, and the `Evolve` keyword from
//! `evolve N;` (the ability-derived keywords are added by
//! [`crate::lower`]). The facts are read straight into the IR's
//! [`ir::Card`], their one declaration; `lower` fills in the rest.
//!
//! Vocabulary values are read the way the peer reads them: unknown classes
//! become Neutral, unknown types Follower (rescuing the corpus typo `Evovled
//! Follower` through the name rule), unknown rarities and universes nothing;
//! each fallback is reported as a warning.

use crate::ast::{CardAst, HeaderAst};
use crate::diagnostics::{NameKind, Problem, Sink};
use crate::ir::{self, CardType, Class, Keyword, SourceRef};
use crate::lexer::HeaderKey;
use crate::names::{self, KeywordOrCounter};
use crate::span::{Piece, Span};
use crate::suggest::did_you_mean;

/// Adds a keyword to a card's, unless it has it already.
pub(crate) fn add_keyword(card: &mut ir::Card, keyword: Keyword) {
    if !card.keywords.contains(&keyword) {
        card.keywords.push(keyword);
    }
}

/// The trait an advanced card's `/ Advanced` type gives it (later-sets §6):
/// the card data reads an advanced card by it.
pub const ADVANCED_TRAIT: &str = "Advanced";

/// The trait an equipment token's `/ Equipment` type gives it (later-sets
/// §5): the card data reads an equipment token by it. An equipment token
/// is a token.
pub const EQUIPMENT_TRAIT: &str = "Equipment";

/// Whether traits make a card a token (they hold `Token`).
fn has_token_trait(traits: &[String]) -> bool {
    traits.iter().any(|t| t == "Token")
}

/// Reads the headers of a card into its IR card: the static facts, and
/// `is_token` from the traits. Its abilities, spell ability, pools and
/// source are left empty for [`crate::lower`] to fill. Problems go to
/// `sink`.
pub(crate) fn lower_facts(
    card: &CardAst<'_>,
    sink: &mut Sink,
    declared: &crate::declared::Declarations,
) -> ir::Card {
    let mut last: Vec<(HeaderKey, Span)> = Vec::new();
    let mut facts = ir::Card {
        id: String::new(),
        id_en: None,
        name: card.name.text.to_owned(),
        class: Class::Neutral,
        universe: None,
        card_type: CardType::Follower,
        traits: Vec::new(),
        rarity: None,
        cost: None,
        attack: None,
        defense: None,
        evolve_cost: None,
        keywords: Vec::new(),
        counters: Vec::new(),
        is_token: false,
        text: String::new(),
        abilities: Vec::new(),
        spell_ability: None,
        values: Vec::new(),
        filters: Vec::new(),
        source: SourceRef::default(),
    };
    if facts.name.is_empty() {
        sink.syntax(card.keyword.span(), "expected a card name after `name`");
    }
    let mut token_type = false;
    let mut advanced_type = false;
    let mut equipment_type = false;
    let seen = |key: HeaderKey| card.headers.iter().any(|header| header.key == key);
    for header in &card.headers {
        let HeaderAst {
            key,
            keyword,
            value,
        } = *header;
        if !matches!(key, HeaderKey::Trait | HeaderKey::Keywords) {
            if last.iter().any(|(seen, _)| *seen == key) {
                sink.report(
                    keyword.span(),
                    Problem::DuplicateHeader {
                        header: key.as_str(),
                    },
                );
            }
            last.push((key, keyword.span()));
        }
        match key {
            HeaderKey::Name => {}
            HeaderKey::Id => {
                facts.id = value.text.to_owned();
                if value.is_empty() {
                    sink.syntax(keyword.span(), "expected a card id after `id`");
                } else if let Err(bad) = sve_text::check_card_id(value.text) {
                    sink.report(
                        value.span(),
                        Problem::BadCardId {
                            id: value.text.to_owned(),
                            reason: bad.to_string(),
                        },
                    );
                }
            }
            HeaderKey::IdEn => facts.id_en = Some(value.text.to_owned()),
            HeaderKey::Class => {
                facts.class = names::class(value.text).unwrap_or_else(|| {
                    fallback(sink, value, "class", "Neutral", None);
                    Class::Neutral
                });
            }
            HeaderKey::Universe => {
                facts.universe = names::universe(value.text);
                if facts.universe.is_none() {
                    // Read as none, the card would pass for a class card
                    // in universe decks: the card is refused instead.
                    let help = did_you_mean(value.text, names::universe_spellings());
                    sink.report_with_help(
                        value.span(),
                        Problem::UnknownUniverse {
                            found: value.text.to_owned(),
                            expected: sve_vocab::UNIVERSES
                                .iter()
                                .map(|universe| universe.ident)
                                .collect::<Vec<_>>()
                                .join(", "),
                        },
                        help,
                    );
                }
            }
            HeaderKey::Type => {
                let reading = names::card_type(value.text);
                token_type = reading.token;
                advanced_type = reading.advanced;
                equipment_type = reading.equipment;
                facts.card_type = reading.card_type.unwrap_or_else(|| {
                    let help = did_you_mean(value.text, names::type_spellings());
                    fallback(sink, value, "card type", "Follower", help);
                    CardType::Follower
                });
            }
            HeaderKey::Trait => {
                // A later `trait` statement goes before the earlier ones.
                let mut traits: Vec<String> = value
                    .text
                    .split('/')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(str::to_owned)
                    .collect();
                traits.append(&mut facts.traits);
                facts.traits = traits;
            }
            HeaderKey::Rarity => {
                facts.rarity = names::rarity(value.text);
                if facts.rarity.is_none() {
                    fallback(sink, value, "rarity", "none", None);
                }
            }
            HeaderKey::Cost => facts.cost = number(value, "a play-point cost such as `2`", sink),
            HeaderKey::Evolve => {
                facts.evolve_cost = number(value, "an evolve cost such as `2`", sink);
            }
            HeaderKey::Stats => {
                if let Some((attack, defense)) = stats(value, sink) {
                    facts.attack = Some(attack);
                    facts.defense = Some(defense);
                }
            }
            HeaderKey::Text => facts.text = card_text(value.text),
            HeaderKey::Keywords => keyword_list(value, &mut facts, sink, declared),
        }
    }
    for list in &card.serves {
        keyword_list(*list, &mut facts, sink, declared);
    }
    // A declaration has no class (`declared.rs`).
    let declares = facts.card_type.is_declaration();
    for (key, header) in [
        (HeaderKey::Id, "id"),
        (HeaderKey::Class, "class"),
        (HeaderKey::Type, "type"),
    ] {
        let optional = declares && key == HeaderKey::Class;
        if !optional && !seen(key) {
            missing(sink, card, header);
        }
    }
    // §2: the `(Evolved)` naming rules.
    let named_evolved = facts.name.ends_with("(Evolved)");
    if facts.card_type == CardType::EvolvedFollower && !named_evolved {
        facts.name.push_str(" (Evolved)");
    } else if facts.card_type == CardType::Follower && named_evolved {
        facts.card_type = CardType::EvolvedFollower;
    }
    // Every crest and every equipment is a token (later-sets §4, §5).
    let token_type = token_type || facts.card_type == CardType::Crest || equipment_type;
    if equipment_type && !facts.traits.iter().any(|t| t == EQUIPMENT_TRAIT) {
        facts.traits.push(EQUIPMENT_TRAIT.to_owned());
    }
    if token_type && !has_token_trait(&facts.traits) {
        facts.traits.push("Token".to_owned());
    }
    facts.is_token = has_token_trait(&facts.traits);
    // An advanced card (later-sets §6, CR 9.2) carries its special type as
    // the trait `Advanced`, as a token carries `Token`.
    if advanced_type && !facts.traits.iter().any(|t| t == ADVANCED_TRAIT) {
        facts.traits.push(ADVANCED_TRAIT.to_owned());
    }
    if facts.evolve_cost.is_some() {
        add_keyword(&mut facts, Keyword::Evolve);
    }
    if facts.card_type.is_follower() && !seen(HeaderKey::Stats) {
        missing(sink, card, "stats");
    }
    // An equipment token has no cost (later-sets §5; plan A4).
    if matches!(
        facts.card_type,
        CardType::Follower | CardType::Spell | CardType::Amulet
    ) && !seen(HeaderKey::Cost)
        && !equipment_type
    {
        missing(sink, card, "cost");
    }
    facts
}

fn missing(sink: &mut Sink, card: &CardAst<'_>, header: &'static str) {
    sink.report(
        card.keyword.span().to(card.name.span()),
        Problem::MissingHeader { header },
    );
}

fn fallback(
    sink: &mut Sink,
    value: Piece<'_>,
    what: &'static str,
    used: &'static str,
    help: Option<String>,
) {
    sink.report_with_help(
        value.span(),
        Problem::Fallback {
            what,
            found: value.text.to_owned(),
            used,
        },
        help,
    );
}

fn number(value: Piece<'_>, expected: &'static str, sink: &mut Sink) -> Option<u32> {
    match value.text.parse::<u32>() {
        Ok(number) => Some(number),
        Err(_) => {
            sink.report(
                value.span(),
                Problem::BadNumber {
                    found: value.text.to_owned(),
                    expected,
                },
            );
            None
        }
    }
}

/// `atk/def`.
fn stats(value: Piece<'_>, sink: &mut Sink) -> Option<(u32, u32)> {
    let Some(slash) = value.text.find('/') else {
        sink.report(
            value.span(),
            Problem::BadNumber {
                found: value.text.to_owned(),
                expected: "`attack/defense` such as `2/3`",
            },
        );
        return None;
    };
    let attack = number(value.upto(slash).trim(), "an attack such as `2`", sink);
    let defense = number(value.from(slash + 1).trim(), "a defense such as `3`", sink);
    Some((attack?, defense?))
}

/// §1.5: trim, trim every line, join with `\n`, drop one pair of
/// surrounding quotes.
pub(crate) fn card_text(raw: &str) -> String {
    let joined = raw
        .trim()
        .lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join("\n");
    if joined.len() >= 2 && joined.starts_with('"') && joined.ends_with('"') {
        joined[1..joined.len() - 1].to_owned()
    } else {
        joined
    }
}

/// `Ward, Rush` / `Ward Rush` / `serve1, serve2`: items separated by a
/// comma followed by whitespace, or by whitespace. A counter name gives the
/// card one counter of that kind. Duplicates are ignored.
fn keyword_list(
    list: Piece<'_>,
    facts: &mut ir::Card,
    sink: &mut Sink,
    declared: &crate::declared::Declarations,
) {
    let words = list.words();
    let last = words.len().saturating_sub(1);
    for (idx, word) in words.into_iter().enumerate() {
        let item = if idx < last {
            match word.text.strip_suffix(',') {
                Some(stripped) => word.upto(stripped.len()),
                None => word,
            }
        } else {
            word
        };
        if item.is_empty() {
            continue;
        }
        if item.text.contains(',') {
            sink.report_with_help(
                item.span(),
                Problem::UnknownName {
                    what: NameKind::Keyword,
                    found: item.text.to_owned(),
                    expected: "one keyword per item",
                },
                Some("separate keywords with a comma and a space: `Ward, Rush`".into()),
            );
            continue;
        }
        match names::keyword_or_counter(item, sink, declared) {
            Some(KeywordOrCounter::Keyword(keyword)) => add_keyword(facts, keyword),
            Some(KeywordOrCounter::Counter(counter))
                if !facts.counters.iter().any(|(c, _)| *c == counter) =>
            {
                facts.counters.push((counter, 1));
            }
            Some(KeywordOrCounter::Counter(_)) => {}
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_lines_are_trimmed_joined_and_unquoted() {
        assert_eq!(
            card_text("\"Ward.\n      [fanfare] Draw.\""),
            "Ward.\n[fanfare] Draw."
        );
        assert_eq!(card_text("no quotes"), "no quotes");
        assert_eq!(card_text("\"only start"), "\"only start");
        assert_eq!(card_text("\"\""), "");
        assert_eq!(card_text("a\r\n  b"), "a\nb");
    }
}
