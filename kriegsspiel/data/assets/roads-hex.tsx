<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="roads-hex" tilewidth="56" tileheight="64" tilecount="64" columns="8">
 <image source="roads-hex.png" width="448" height="512"/>
 <tile id="0" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="1" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="2" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="3" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="4" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="5" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="6" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="7" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="8" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="9" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="10" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="11" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="12" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="13" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="14" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="15" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="16" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="17" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="18" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="19" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="20" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="21" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="22" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="23" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="24" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="25" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="26" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="27" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="28" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="29" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="30" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="31" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="32" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="33" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="34" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="35" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="36" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="37" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="38" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="39" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="40" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="41" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="42" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="43" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="44" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="45" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="46" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="47" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="48" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="49" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="50" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="51" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="52" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="53" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="54" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="55" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="56" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="57" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="58" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="59" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="60" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="61" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="62" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="63" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
</tileset>
