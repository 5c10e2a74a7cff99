//! What the coach, player and official calls share: the person's names beside each record, and
//! the search by name, birthplace and membership (spec 01 §3: Name, Surname, CountryOfBirth,
//! CityOfBirth), which reads pages sorted by surname straight from the store's name index.

use std::collections::{HashMap, HashSet};

use polodesk_domain::clubs::Club;
use polodesk_domain::coaches::Coach;
use polodesk_domain::dates::Date;
use polodesk_domain::federations::Federation;
use polodesk_domain::officials::Official;
use polodesk_domain::persons::Person;
use polodesk_domain::players::Player;
use polodesk_domain::query::contains;
use polodesk_domain::query::{Page, PageRequest, SortOrder, page_of, paginate};
use polodesk_domain::teams::Team;
use polodesk_domain::validation::{ValidationErrors, fold};
use polodesk_store::{Holder, LinkKind, MatchesOf, NameQuery, Place};
use serde::Serialize;
use utoipa::ToSchema;

use super::matches::MatchView;
use super::names::EntityRef;
use super::search::id_or_name;
use super::{Created, created};
use crate::AppState;
use crate::error::ApiResult;
use crate::extract::Json;
use polodesk_domain::views::people::PersonView;

/// The person behind a coach, player or official, as lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonNames {
    pub name: String,
    pub surname: String,
    pub birth_date: Date,
    pub country_of_birth: Option<EntityRef>,
    pub city_of_birth: Option<EntityRef>,
}

/// The countries and cities of birth of some persons, read in one go.
#[derive(Default)]
pub struct Places {
    countries: HashMap<u64, EntityRef>,
    cities: HashMap<u64, EntityRef>,
}

impl Places {
    /// The places `persons` name, from the names the store keeps in memory; one that is gone
    /// is left out.
    pub fn of<'a>(
        state: &AppState,
        persons: impl IntoIterator<Item = &'a Person> + Clone,
    ) -> ApiResult<Places> {
        let ids = |id: fn(&Person) -> Option<u64>| persons.clone().into_iter().filter_map(id);
        Ok(Places {
            countries: (state.store)
                .place_names(Place::Country, ids(|p| p.fields.country_of_birth_id)),
            cities: (state.store).place_names(Place::City, ids(|p| p.fields.city_of_birth_id)),
        })
    }

    pub fn names(&self, person: &Person) -> PersonNames {
        let f = &person.fields;
        let place = |places: &HashMap<u64, EntityRef>, id: Option<u64>| {
            id.and_then(|id| places.get(&id).cloned())
        };
        PersonNames {
            name: f.name.clone(),
            surname: f.surname.clone(),
            birth_date: f.birth_date,
            country_of_birth: place(&self.countries, f.country_of_birth_id),
            city_of_birth: place(&self.cities, f.city_of_birth_id),
        }
    }
}

/// The filters of a people search, already checked.
#[derive(Debug, Default)]
pub struct PeopleFilter {
    pub name: Option<String>,
    pub surname: Option<String>,
    /// An id or a part of the name.
    pub country_of_birth: Option<String>,
    /// An id or a part of the name.
    pub city_of_birth: Option<String>,
    /// Only these ids (the members of a club, team or federation).
    pub among: Option<HashSet<u64>>,
}

pub const SORTABLE: &[&str] = &[
    "surname",
    "name",
    "birthDate",
    "countryOfBirth",
    "cityOfBirth",
];

/// One coach, player or official with its person's names.
pub struct Row<T> {
    pub record: T,
    pub names: PersonNames,
}

fn folded(text: Option<&str>) -> Option<String> {
    text.map(fold)
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
}

/// A coach, player or official: the identity records the people calls share.
pub trait Identity: polodesk_store::Entity + Send {
    const HOLDER: Holder;
    /// The matches that name one.
    const MATCHES: fn(u64) -> MatchesOf;
    fn person_id(&self) -> u64;
}

impl Identity for Coach {
    const HOLDER: Holder = Holder::Coach;
    const MATCHES: fn(u64) -> MatchesOf = MatchesOf::Coach;
    fn person_id(&self) -> u64 {
        self.fields.person_id
    }
}

impl Identity for Player {
    const HOLDER: Holder = Holder::Player;
    const MATCHES: fn(u64) -> MatchesOf = MatchesOf::Player;
    fn person_id(&self) -> u64 {
        self.fields.person_id
    }
}

impl Identity for Official {
    const HOLDER: Holder = Holder::Official;
    const MATCHES: fn(u64) -> MatchesOf = MatchesOf::Official;
    fn person_id(&self) -> u64 {
        self.fields.person_id
    }
}

/// What the detail of every identity shows beside its memberships.
pub struct Profile<T> {
    /// The record with the person's names.
    pub row: Row<T>,
    pub person: PersonView,
    /// The matches of this person in this role, latest first.
    pub matches: Vec<MatchView>,
}

/// One identity as its detail shows it.
pub fn profile<T: Identity>(state: &AppState, id: u64) -> ApiResult<Profile<T>> {
    let (record, person) = load::<T>(state, id)?;
    let names = Places::of(state, [&person])?.names(&person);
    Ok(Profile {
        row: Row { record, names },
        person: super::persons::view(person, true),
        matches: super::matches::views_of(state, T::MATCHES(id))?,
    })
}

/// The answer to a new coach, player or official: its detail, at its address under `path`.
pub async fn created_detail<D>(
    path: &str,
    id: u64,
    detail: impl Future<Output = ApiResult<Json<D>>>,
) -> ApiResult<Created<D>> {
    let Json(detail) = detail.await?;
    Ok(created(format!("{path}/{id}"), detail))
}

/// One identity with its person.
fn load<T: Identity>(state: &AppState, id: u64) -> ApiResult<(T, Person)> {
    let record = state.store.get::<T>(id)?;
    let person = state.store.get::<Person>(record.person_id())?;
    Ok((record, person))
}

/// Identities with their persons, in the order of `ids`: two reads for any number. One deleted
/// since its id was found (in memory, by an earlier read) is left out: a search does not fail
/// on a write that came between.
fn with_persons<T: Identity>(state: &AppState, ids: &[u64]) -> ApiResult<Vec<(T, Person)>> {
    let records = state.store.get_existing::<T>(ids)?;
    let person_ids: Vec<u64> = records.iter().map(Identity::person_id).collect();
    let mut persons: HashMap<u64, Person> = state
        .store
        .get_existing::<Person>(&person_ids)?
        .into_iter()
        .map(|person| (person.id, person))
        .collect();
    Ok(records
        .into_iter()
        .filter_map(|record| {
            let person = persons.remove(&record.person_id())?;
            Some((record, person))
        })
        .collect())
}

/// Identities and their persons as rows, with the places of birth read in one go.
fn named<T: Identity>(state: &AppState, found: Vec<(T, Person)>) -> ApiResult<Vec<Row<T>>> {
    let persons: Vec<&Person> = found.iter().map(|(_, person)| person).collect();
    let places = Places::of(state, persons)?;
    Ok(found
        .into_iter()
        .map(|(record, person)| Row {
            names: places.names(&person),
            record,
        })
        .collect())
}

/// Identities with their persons' names, in the order of `ids`: four reads for any number.
fn rows<T: Identity>(state: &AppState, ids: &[u64]) -> ApiResult<Vec<Row<T>>> {
    named(state, with_persons(state, ids)?)
}

/// Searches the holders of one identity. A search by name in the default order reads just
/// its page from the name index; a membership filter reads just the members.
pub fn search<T: Identity>(
    state: &AppState,
    filter: PeopleFilter,
    request: &PageRequest,
    errors: ValidationErrors,
) -> ApiResult<Page<Row<T>>> {
    if !errors.is_empty() {
        return Err(errors.into());
    }
    let sort = request
        .sort_by
        .as_deref()
        .unwrap_or("surname")
        .to_ascii_lowercase();
    let descending = request.sort_order == SortOrder::Descend;
    let query = NameQuery {
        surname: folded(filter.surname.as_deref()),
        name: folded(filter.name.as_deref()),
        descending: false,
    };
    let by_surname_alone =
        sort == "surname" && filter.country_of_birth.is_none() && filter.city_of_birth.is_none();
    if by_surname_alone {
        // The names are in memory (the index's counts, the members' names): only the page's
        // records are read.
        let query = NameQuery {
            descending,
            ..query
        };
        let (total, ids) = match &filter.among {
            None => state.store.by_name(
                T::HOLDER,
                &query,
                request.skip(),
                request.page_size as usize,
            )?,
            Some(among) => {
                let found = state.store.by_name_among(T::HOLDER, among, &query);
                let page = found.iter().skip(request.skip());
                let page = page.take(request.page_size as usize).copied().collect();
                (found.len() as u64, page)
            }
        };
        return Ok(page_of(rows(state, &ids)?, total, request));
    }
    let ids = match &filter.among {
        Some(among) => state.store.by_name_among(T::HOLDER, among, &query),
        None => state.store.by_name(T::HOLDER, &query, 0, usize::MAX)?.1,
    };
    let mut rows: Vec<Row<T>> = rows(state, &ids)?;
    rows.retain(|r| {
        id_or_name(
            filter.country_of_birth.as_deref(),
            r.names.country_of_birth.as_ref(),
        ) && id_or_name(
            filter.city_of_birth.as_deref(),
            r.names.city_of_birth.as_ref(),
        )
    });
    let place = |e: &Option<EntityRef>| e.as_ref().map(|e| fold(&e.name_universal));
    // Rows arrive by surname, name and id; a stable sort keeps that order among equals.
    match sort.as_str() {
        "name" => rows.sort_by_cached_key(|r| fold(&r.names.name)),
        "birthdate" => rows.sort_by_key(|r| r.names.birth_date),
        "countryofbirth" => rows.sort_by_cached_key(|r| place(&r.names.country_of_birth)),
        "cityofbirth" => rows.sort_by_cached_key(|r| place(&r.names.city_of_birth)),
        _ => {}
    }
    if descending {
        rows.reverse();
    }
    Ok(paginate(rows, request))
}

/// The members (coaches, players, officials) of the clubs, teams or federations a filter
/// names: by id, or every one whose name contains the text.
pub fn members<E, F>(state: &AppState, filter: &str) -> ApiResult<Vec<u64>>
where
    E: polodesk_store::Entity + Named,
    F: LinkKind,
{
    let filter = filter.trim();
    let owners = match filter.parse::<u64>() {
        Ok(id) => vec![id],
        Err(_) => state
            .store
            .list::<E>()?
            .iter()
            .filter(|e| {
                let (name, universal) = e.names();
                contains(name, filter) || contains(universal, filter)
            })
            .map(|e| e.id())
            .collect(),
    };
    let mut found = Vec::new();
    for id in owners {
        found.extend(state.store.members_of::<F>(id));
    }
    Ok(found)
}

/// Narrows the allowed set to the members one membership filter found.
pub fn narrow(among: &mut Option<HashSet<u64>>, members: Vec<u64>) {
    let members: HashSet<u64> = members.into_iter().collect();
    *among = Some(match among.take() {
        Some(found) => found.intersection(&members).copied().collect(),
        None => members,
    });
}

/// An entity a membership filter can name.
pub trait Named {
    fn id(&self) -> u64;
    /// Name and universal name.
    fn names(&self) -> (&str, &str);
}

impl Named for Club {
    fn id(&self) -> u64 {
        self.id
    }
    fn names(&self) -> (&str, &str) {
        (&self.fields.name, &self.fields.name_universal)
    }
}

impl Named for Team {
    fn id(&self) -> u64 {
        self.id
    }
    fn names(&self) -> (&str, &str) {
        (&self.fields.name, &self.fields.name_universal)
    }
}

impl Named for Federation {
    fn id(&self) -> u64 {
        self.id
    }
    fn names(&self) -> (&str, &str) {
        (&self.fields.name, &self.fields.name_universal)
    }
}

/// Every holder of one identity, by surname and name.
pub fn list_all<T: Identity, V>(state: &AppState, view: impl Fn(Row<T>) -> V) -> ApiResult<Vec<V>> {
    let (_, ids) = state
        .store
        .by_name(T::HOLDER, &NameQuery::default(), 0, usize::MAX)?;
    let rows = rows::<T>(state, &ids)?;
    Ok(rows.into_iter().map(view).collect())
}

super::search::search_query! {
    /// The coach and player searches of spec 01 §3; text filters ignore case and accents.
    /// CountryOfBirth, CityOfBirth, Club and Team take an id or a part of the name.
    MemberSearch: people {
        /// Only the members of this club.
        club: String => "Filter.Club",
        /// Only the members of this team.
        team: String => "Filter.Team",
    }
}

/// Searches coaches or players: `C` and `M` are their club and team links.
pub fn search_members<T: Identity, C: LinkKind, M: LinkKind>(
    state: &AppState,
    mut query: MemberSearch,
) -> ApiResult<Page<Row<T>>> {
    let mut errors = ValidationErrors::new();
    let (request, mut filter) = query.people_filter(&mut errors);
    if let Some(club) = &query.club {
        let found = members::<Club, C>(state, club)?;
        narrow(&mut filter.among, found);
    }
    if let Some(team) = &query.team {
        let found = members::<Team, M>(state, team)?;
        narrow(&mut filter.among, found);
    }
    search(state, filter, &request, errors)
}

#[cfg(test)]
mod tests {
    use polodesk_domain::persons::{PersonFields, Profile as NewProfile};
    use polodesk_domain::players::{NewPlayer, PlayerFields};
    use polodesk_store::Store;

    use super::*;
    use crate::identity::{Identity as Issuer, Keys};

    async fn player(store: &Store, surname: &str) -> Player {
        let born = Date::new(2000, 1, 1).unwrap();
        let new = NewPlayer {
            profile: NewProfile::New(Box::new(PersonFields::new("Ana", surname, born))),
            fields: PlayerFields {
                person_id: 0,
                height: None,
                weight: None,
                dominant_hand: None,
                primary_position_id: None,
            },
            clubs: Vec::new(),
            teams: Vec::new(),
        };
        store.create_player(new).await.unwrap()
    }

    /// Ids found before a delete (the in-memory index, an earlier read) give the rows that are
    /// still there, in order, rather than a 404 for the whole search.
    #[tokio::test]
    async fn rows_leave_out_what_was_deleted_since_its_id_was_found() {
        let store = Store::in_memory().unwrap();
        let state = AppState::new(store.clone(), Issuer::new(Keys::ephemeral(), None));
        let first = player(&store, "Ilić").await;
        let gone = player(&store, "Jokić").await;
        let person_gone = player(&store, "Kovač").await;
        let last = player(&store, "Lukić").await;
        store.delete::<Player>(gone.id).await.unwrap();
        store
            .delete::<Person>(person_gone.fields.person_id)
            .await
            .unwrap();
        let ids = [last.id, gone.id, person_gone.id, first.id, 999];
        let found = rows::<Player>(&state, &ids).unwrap();
        let surnames: Vec<&str> = found.iter().map(|row| row.names.surname.as_str()).collect();
        assert_eq!(surnames, ["Lukić", "Ilić"]);
    }
}
