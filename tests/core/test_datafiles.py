import pytest

from meeplehall.core.datafiles import find_named_data

VARIABLE = "MEEPLEHALL_TEST_DATA"


def test_a_name_is_found_in_the_first_listed_folder_that_holds_it(tmp_path, monkeypatch):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    (second / "real.json").write_text("{}")
    monkeypatch.setenv(VARIABLE, f"{first}:{second}")
    assert find_named_data("real", VARIABLE) == second / "real.json"


@pytest.mark.parametrize("name", ["../real", "/etc/passwd", "real.json", "", "a b"])
def test_anything_but_a_plain_name_is_refused(name, tmp_path, monkeypatch):
    monkeypatch.setenv(VARIABLE, str(tmp_path))
    with pytest.raises(ValueError, match="plain name"):
        find_named_data(name, VARIABLE)


def test_a_missing_name_is_refused_without_naming_the_servers_folders(tmp_path, monkeypatch):
    monkeypatch.setenv(VARIABLE, str(tmp_path))
    with pytest.raises(ValueError, match=r"^this server has no data called 'gone'$"):
        find_named_data("gone", VARIABLE)
    monkeypatch.delenv(VARIABLE)
    with pytest.raises(ValueError, match=r"^this server has no data called 'gone'$"):
        find_named_data("gone", VARIABLE)
