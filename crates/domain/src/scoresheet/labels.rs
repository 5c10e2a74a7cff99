//! The scoresheet's printed words in the competition's template language (en, or rs: Serbian in
//! Latin script). They travel with the model, so the web and CLI renderers print the same words
//! and neither keeps a translation of its own.

use serde::{Deserialize, Serialize};

use crate::codes::{OfficialRole, TemplateLanguage};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Labels {
    pub title: String,
    pub competition: String,
    pub game_number: String,
    pub venue: String,
    pub city: String,
    pub date: String,
    pub start: String,
    pub end: String,
    pub white: String,
    pub blue: String,
    pub cap: String,
    pub name: String,
    pub personal_fouls: String,
    pub goals: String,
    /// The per-period columns: 1 to 4, then overtime doubling as the shootout.
    pub periods: [String; 5],
    pub total: String,
    pub progressive_log: String,
    /// Continuation pages of the log.
    pub continued: String,
    pub period: String,
    pub time: String,
    pub remark: String,
    pub score: String,
    pub result: String,
    pub shootout: String,
    pub timeouts: String,
    pub challenges: String,
    pub officials: String,
    pub confirmed: String,
    pub signature: String,
    pub page: String,
    /// What the remark codes mean, in the order the legend prints them.
    pub legend: String,
}

fn owned<const N: usize>(texts: [&str; N]) -> [String; N] {
    texts.map(str::to_owned)
}

impl Labels {
    pub fn of(language: TemplateLanguage) -> Labels {
        match language {
            TemplateLanguage::En => Labels {
                title: "Official Scoresheet".into(),
                competition: "Competition".into(),
                game_number: "Game No.".into(),
                venue: "Venue".into(),
                city: "City".into(),
                date: "Date".into(),
                start: "Start".into(),
                end: "End".into(),
                white: "White".into(),
                blue: "Blue".into(),
                cap: "Cap".into(),
                name: "Name".into(),
                personal_fouls: "Personal fouls".into(),
                goals: "Goals".into(),
                periods: owned(["1", "2", "3", "4", "OT/PS"]),
                total: "Total".into(),
                progressive_log: "Progressive score".into(),
                continued: "continued".into(),
                period: "Per.".into(),
                time: "Time".into(),
                remark: "Code".into(),
                score: "Score".into(),
                result: "Result".into(),
                shootout: "Penalty shootout".into(),
                timeouts: "Timeouts".into(),
                challenges: "Challenges".into(),
                officials: "Officials".into(),
                confirmed: "Confirmed with PIN".into(),
                signature: "Signature".into(),
                page: "Page".into(),
                legend: "G goal · EG extra-man goal · PG penalty goal · PSG shootout goal · \
                         E exclusion · ES exclusion with substitution · EB brutality · \
                         P penalty foul · YC/RC yellow/red card · TO timeout · CH challenge · \
                         # swim-off won"
                    .into(),
            },
            TemplateLanguage::Rs => Labels {
                title: "Zapisnik utakmice".into(),
                competition: "Takmičenje".into(),
                game_number: "Utakmica br.".into(),
                venue: "Bazen".into(),
                city: "Grad".into(),
                date: "Datum".into(),
                start: "Početak".into(),
                end: "Kraj".into(),
                white: "Beli".into(),
                blue: "Plavi".into(),
                cap: "Kapa".into(),
                name: "Ime i prezime".into(),
                personal_fouls: "Lične greške".into(),
                goals: "Golovi".into(),
                periods: owned(["1", "2", "3", "4", "PR/PEN"]),
                total: "Ukupno".into(),
                progressive_log: "Tok rezultata".into(),
                continued: "nastavak".into(),
                period: "Per.".into(),
                time: "Vreme".into(),
                remark: "Oznaka".into(),
                score: "Rezultat".into(),
                result: "Konačan rezultat".into(),
                shootout: "Peterci".into(),
                timeouts: "Tajm-aut".into(),
                challenges: "Izazovi".into(),
                officials: "Službena lica".into(),
                confirmed: "Potvrđeno PIN-om".into(),
                signature: "Potpis".into(),
                page: "Strana".into(),
                legend: "G gol · EG gol iz igrača više · PG gol iz peterca · PSG gol u \
                         petercima · E isključenje · ES isključenje sa zamenom · \
                         EB brutalnost · P prekršaj za peterac · YC/RC žuti/crveni karton · \
                         TO tajm-aut · CH izazov · # dobijeno plivanje na početku"
                    .into(),
            },
        }
    }

    /// An official's role as the template language names it.
    pub fn role(language: TemplateLanguage, role: OfficialRole) -> &'static str {
        match (language, role) {
            (TemplateLanguage::En, role) => role.label(),
            (TemplateLanguage::Rs, OfficialRole::Referee) => "Sudija",
            (TemplateLanguage::Rs, OfficialRole::Delegate) => "Delegat",
            (TemplateLanguage::Rs, OfficialRole::Secretary) => "Zapisničar",
            (TemplateLanguage::Rs, OfficialRole::Timekeeper) => "Merilac vremena",
            (TemplateLanguage::Rs, OfficialRole::Director) => "Direktor utakmice",
            (TemplateLanguage::Rs, OfficialRole::GoalReferee) => "Gol sudija",
            (TemplateLanguage::Rs, OfficialRole::Var) => "VAR",
        }
    }
}
